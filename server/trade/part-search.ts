import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { normalisePartNumber } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orders,
  organisations,
  partNumbers,
  quoteLines,
} from '../db/schema';

type Reader = Database | Transaction;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Whether the organisation that `organisationId` names has a name the pattern matches: the few
 * organisations' names are matched once, not once for every row of a list (the dealer inbox's
 * search query: 5.1–5.6 → 4.7–4.9 ms, ADR 050).
 */
export function organisationNamed(organisationId: AnyColumn, pattern: string) {
  return sql`${organisationId} in (select ${organisations.id} from ${organisations} where ${organisations.name} ilike ${pattern})`;
}

/**
 * A search text as the lists read it (ADR 028): the text as typed for descriptions and vehicles,
 * and its normalised part number, so "1K0 615 301 AA", "1K0615301AA" and "1k0-615-301-aa" search
 * the same part. `part` is '' when the text holds no letter or digit.
 */
export function searchTerms(text: string) {
  return { text, part: normalisePartNumber(text) };
}
export type SearchTerms = ReturnType<typeof searchTerms>;

/**
 * The part numbers a search means, each with how close it is to the searched one (1: the same):
 * the numbers that contain it, or are similar to it by trigrams (pg_trgm's `%`, threshold 0.3: one
 * mistyped character still matches). Read first from the dictionary `part_numbers` (ADR 050), so
 * the similarity is computed once per distinct number, and the lines are then found by equality
 * with the numbers as a parameter: the planner sees them and estimates from the columns' statistics.
 * Null when the text holds no part number or no number matches.
 */
async function matchingPartNumbers(db: Reader, part: string) {
  if (part === '') return null;
  const rows = await db
    .select({ number: partNumbers.number, closeness: sql<number>`similarity(${partNumbers.number}, ${part})` })
    .from(partNumbers)
    .where(sql`${partNumbers.number} like ${likePattern(part)} or ${partNumbers.number} % ${part}`);
  if (rows.length === 0) return null;
  const numbers = sql`${sql.param(rows.map((row) => row.number))}::text[]`;
  const closeness = sql`${sql.param(rows.map((row) => row.closeness))}::real[]`;
  return {
    /** Whether a part-number column holds one of the numbers (PostgreSQL hashes a long list). */
    holds: (column: AnyColumn) => sql`${column} = any(${numbers})`,
    /**
     * The closeness of the number a part-number column holds: looked up in the list when it is
     * short; a broad search ("1K") can match thousands of numbers, and a lookup per line in such a
     * list would cost more than computing the similarity of each line found.
     */
    closenessOf: (column: AnyColumn) =>
      rows.length <= CLOSENESS_LOOKUP_LIMIT
        ? sql`(${closeness})[array_position(${numbers}, ${column})]`
        : sql`similarity(${column}, ${part})`,
  };
}

/** Up to this many matching numbers, a line's closeness is looked up in the list rather than computed. */
const CLOSENESS_LOOKUP_LIMIT = 64;

/**
 * What a list joins to find the rows a search hits through their lines: a derived table
 * `search_hits (id, closeness)` of every hit row's id and its closest part number's closeness (0
 * when only a description matched). `found` is true for a row it holds, `closestFirst` orders by it.
 */
export type SearchHits = {
  table: SQL;
  on: (id: AnyColumn) => SQL;
  found: SQL;
  closestFirst: SQL;
};

function searchHits(branches: readonly SQL[]): SearchHits {
  return {
    table: sql`(select found.id, max(found.closeness) as closeness from (${sql.join(
      branches.map((branch) => sql`(${branch})`),
      sql` union all `,
    )}) as found group by found.id) as search_hits`,
    on: (id) => sql`search_hits.id = ${id}`,
    found: sql`search_hits.id is not null`,
    closestFirst: sql`search_hits.closeness desc nulls last`,
  };
}

/**
 * How many rows the list's query finds in all, read beside a page's rows (a window over the rows
 * before the page's limit), so that a search or a filter is not run a second time to count it;
 * null when `inRows` is false (the caller counts separately).
 */
export function totalInRows(inRows: boolean): SQL<number | null> {
  return inRows ? sql<number>`count(*) over ()`.mapWith(Number) : sql<null>`null`;
}

/**
 * A list's total from its page's first row; a page past the end has no row to carry it, so then
 * it is counted.
 */
export async function totalOfPage(
  page: number,
  firstRow: { rowsTotal: number | null } | undefined,
  countAll: () => Promise<number>,
) {
  if (firstRow?.rowsTotal != null) return firstRow.rowsTotal;
  return page === 1 ? 0 : countAll();
}

/** A list's query with the search's hits joined to its rows' `id` (the query itself when not searching). */
export function joinSearchHits<Query extends { leftJoin: (table: SQL, on: SQL) => Query }>(
  query: Query,
  hits: SearchHits | null,
  id: AnyColumn,
): Query {
  return hits === null ? query : query.leftJoin(hits.table, hits.on(id));
}

/** Whose inquiries a search reads: a workshop's own, or those a dealer received. */
export type InquiryScope = { workshopOrganisationId: number } | { dealerOrganisationId: number };

function inquiryInScope(scope: InquiryScope, inquiryId: AnyColumn) {
  return 'workshopOrganisationId' in scope
    ? sql`${inquiryId} in (select ${inquiries.id} from ${inquiries} where ${inquiries.workshopOrganisationId} = ${scope.workshopOrganisationId})`
    : sql`${inquiryId} in (select ${inquiryRecipients.inquiryId} from ${inquiryRecipients} where ${inquiryRecipients.dealerOrganisationId} = ${scope.dealerOrganisationId})`;
}

type MatchingPartNumbers = NonNullable<Awaited<ReturnType<typeof matchingPartNumbers>>>;

/** Lines of one kind (inquiry or order lines): what they belong to, their part number and description. */
type SearchedLines = { table: PgTable; owner: AnyColumn; part: AnyColumn; description: AnyColumn; inScope: SQL };

/** The owners of the lines in scope whose part number is one of the numbers or whose description holds the text. */
function lineBranches(terms: SearchTerms, numbers: MatchingPartNumbers | null, lines: SearchedLines) {
  const described = sql`select ${lines.owner} as id, 0::real as closeness from ${lines.table}
    where ${lines.description} ilike ${likePattern(terms.text)} and ${lines.inScope}`;
  if (numbers === null) return [described];
  return [
    sql`select ${lines.owner} as id, ${numbers.closenessOf(lines.part)} as closeness
      from ${lines.table} where ${numbers.holds(lines.part)} and ${lines.inScope}`,
    described,
  ];
}

/**
 * The inquiries in scope a search hits through a line's part number or description, or a quoted
 * alternative part number. A dealer searches only its own quotes' alternatives (another dealer's
 * quote is never read, not even through a search hit). The vehicle and the names are matched by
 * the list itself.
 */
export async function inquirySearchHits(db: Reader, terms: SearchTerms, scope: InquiryScope): Promise<SearchHits> {
  const numbers = await matchingPartNumbers(db, terms.part);
  const lines = lineBranches(terms, numbers, {
    table: inquiryLines,
    owner: inquiryLines.inquiryId,
    part: inquiryLines.partNumberNormalised,
    description: inquiryLines.description,
    inScope: inquiryInScope(scope, inquiryLines.inquiryId),
  });
  if (numbers === null) return searchHits(lines);
  return searchHits([
    ...lines,
    sql`select ${inquiryRecipients.inquiryId} as id, ${numbers.closenessOf(quoteLines.alternativePartNumberNormalised)} as closeness
      from ${quoteLines} inner join ${inquiryRecipients} on ${inquiryRecipients.id} = ${quoteLines.recipientId}
      where ${numbers.holds(quoteLines.alternativePartNumberNormalised)} and ${
        'dealerOrganisationId' in scope
          ? sql`${inquiryRecipients.dealerOrganisationId} = ${scope.dealerOrganisationId}`
          : inquiryInScope(scope, inquiryRecipients.inquiryId)
      }`,
  ]);
}

/** The orders in scope (a condition on `orders`) a search hits through a line's part number or description. */
export async function orderSearchHits(db: Reader, terms: SearchTerms, ordersInScope: SQL): Promise<SearchHits> {
  return searchHits(
    lineBranches(terms, await matchingPartNumbers(db, terms.part), {
      table: orderLines,
      owner: orderLines.orderId,
      part: orderLines.partNumberNormalised,
      description: orderLines.description,
      inScope: sql`${orderLines.orderId} in (select ${orders.id} from ${orders} where ${ordersInScope})`,
    }),
  );
}
