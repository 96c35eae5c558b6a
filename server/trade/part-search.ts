import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { normalisePartNumber } from '../../common/contracts/trading';
import { inquiries, inquiryLines, inquiryRecipients, quoteLines } from '../db/schema';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
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
 * Whether a normalised part-number column matches: it contains the searched number, or is similar
 * to it by trigrams (pg_trgm's `%`, threshold 0.3: one mistyped character in a part number still
 * matches). Both read the column's GIN trigram index.
 */
export function partMatches(column: AnyColumn | SQL, part: string): SQL {
  return sql`(${column} like ${likePattern(part)} or ${column} % ${part})`;
}

/** How close a normalised part-number column is to the searched one (1: the same), for ranking. */
export function partSimilarity(column: AnyColumn | SQL, part: string): SQL<number> {
  return sql<number>`similarity(${column}, ${part})`;
}

/**
 * Inquiries found by a search text: a line's part number (normalised, or similar by trigrams) or
 * description, a quoted alternative part number, or the vehicle (VIN, description). A dealer
 * passes its own organisation, so only its own quotes' alternatives are searched (another
 * dealer's quote is never read, not even through a search hit).
 */
export function inquiryMatches(terms: SearchTerms, quotesOfDealerOrganisation: number | null): SQL {
  const pattern = likePattern(terms.text);
  const linePart = terms.part === '' ? sql`false` : partMatches(inquiryLines.partNumberNormalised, terms.part);
  const alternativePart =
    terms.part === ''
      ? sql`false`
      : sql`exists (select 1 from ${quoteLines} inner join ${inquiryRecipients} on ${inquiryRecipients.id} = ${quoteLines.recipientId} where ${inquiryRecipients.inquiryId} = ${inquiries.id}${
          quotesOfDealerOrganisation === null
            ? sql``
            : sql` and ${inquiryRecipients.dealerOrganisationId} = ${quotesOfDealerOrganisation}`
        } and ${partMatches(quoteLines.alternativePartNumberNormalised, terms.part)})`;
  return sql`(exists (select 1 from ${inquiryLines} where ${inquiryLines.inquiryId} = ${inquiries.id} and (${linePart} or ${inquiryLines.description} ilike ${pattern}))
    or ${alternativePart}
    or ${inquiries.vin} ilike ${pattern} or ${inquiries.vehicleDescription} ilike ${pattern})`;
}

/** How close an inquiry's best line is to the searched part number (the list's order while searching). */
export function inquiryLineSimilarity(terms: SearchTerms): SQL {
  return sql`(select max(${partSimilarity(inquiryLines.partNumberNormalised, terms.part)}) from ${inquiryLines} where ${inquiryLines.inquiryId} = ${inquiries.id}) desc nulls last`;
}
