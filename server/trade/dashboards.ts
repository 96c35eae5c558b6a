import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  DASHBOARD_LIST_LIMIT,
  type DashboardQuery,
  type DealerDashboard,
  etaAlertItemSchema,
  LOST_LINE_REASONS,
  type LostLineRow,
  lostLineRowSchema,
  openInquiryItemSchema,
  responseTimeRowSchema,
  returnReasonRowSchema,
  spendRowSchema,
  type WorkshopDashboard,
  waitingInquiryItemSchema,
} from '../../common/contracts/dashboards';
import { PORTAL_TIME_ZONE, portalToday } from '../../common/format/formats';
import type { Database } from '../db/database';
import { awaitingDeliverySql } from './expected-delivery';

/*
 * The dashboards' figures (docs/decisions/029-dashboards.md): every figure is one aggregate query,
 * scoped to the caller's organisation by its first condition, so only sums, counts and medians
 * leave the database. The definitions live in the ADR; the comments here say how the SQL reads them.
 * Timestamps leave as ISO text and sums as float8 (exact below 2^53), so PGlite and node-postgres
 * hand over the same JavaScript values.
 */

const zone = sql.raw(`'${PORTAL_TIME_ZONE}'`);
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The period's bounds as moments: from its first day's midnight to the midnight after its last day, in Berlin. */
function bounds(query: DashboardQuery) {
  return {
    start: sql`((${query.from})::date::timestamp at time zone ${zone})`,
    end: sql`(((${query.to})::date + 1)::timestamp at time zone ${zone})`,
  };
}

/** Minutes from a recipient's creation (the inquiry sent to the dealer) to its first answer (ADR 029). */
const responseMinutes = sql`extract(epoch from r.first_answered_at - r.created_at) / 60`;

async function rows<TSchema extends v.GenericSchema>(db: Database, schema: TSchema, query: SQL) {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.map((row) => v.parse(schema, row));
}

/** Reads rows carrying `total` (a window count over the unlimited rows) into `{ total, items }`. */
async function limitedList<TItem extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  db: Database,
  item: TItem,
  query: SQL,
) {
  const schema = v.object({ ...item.entries, total: v.number() });
  const found = await rows(db, schema, query);
  return {
    total: found[0]?.total ?? 0,
    items: found.map((row) => {
      const { total: _total, ...rest } = row as { total: number } & Record<string, unknown>;
      return v.parse(item, rest);
    }),
  };
}

export async function workshopDashboard(
  db: Database,
  organisationId: number,
  query: DashboardQuery,
): Promise<WorkshopDashboard> {
  const { start, end } = bounds(query);
  const today = portalToday();
  const placedInPeriod = sql`o.workshop_organisation_id = ${organisationId} and o.created_at >= ${start} and o.created_at < ${end}`;

  const [openInquiries, etaAlerts, spend, lineFacts, responseTimes, returns] = await Promise.all([
    limitedList(
      db,
      openInquiryItemSchema,
      sql`select i.id, i.vehicle_description, i.vin, ${isoText(sql`i.closes_at`)} as closes_at,
          (select count(*) from inquiry_lines l where l.inquiry_id = i.id)::int as line_count,
          (select count(*) from inquiry_recipients r where r.inquiry_id = i.id)::int as recipient_count,
          (select count(*) from inquiry_recipients r where r.inquiry_id = i.id and r.status = 'answered')::int as quoted_count,
          (count(*) over ())::int as total
        from inquiries i
        where i.workshop_organisation_id = ${organisationId} and i.status in ('sent', 'quoted')
        order by i.closes_at, i.id
        limit ${DASHBOARD_LIST_LIMIT}`,
    ),
    limitedList(
      db,
      etaAlertItemSchema,
      sql`with open_lines as (
          select ol.order_id, ol.eta is not null and ol.eta <> ol.promised_on as changed,
            coalesce(ol.eta, ol.promised_on) as current_eta
          from orders o
          join order_lines ol on ol.order_id = o.id
          where o.workshop_organisation_id = ${organisationId} and o.status in ('placed', 'confirmed', 'shipped')
            and ${awaitingDeliverySql(sql`ol.status`)}
        ), flagged as (
          select order_id,
            (count(*) filter (where current_eta < ${today}::date))::int as late_lines,
            (count(*) filter (where changed))::int as changed_lines,
            min(current_eta) filter (where current_eta < ${today}::date or changed) as next_eta
          from open_lines
          group by order_id
          having count(*) filter (where current_eta < ${today}::date or changed) > 0
        )
        select f.order_id, pd.name as dealer_name, i.vehicle_description, f.late_lines, f.changed_lines,
          f.next_eta::text as next_eta, (count(*) over ())::int as total
        from flagged f
        join orders o on o.id = f.order_id
        join part_dealers pd on pd.id = o.part_dealer_id
        join inquiries i on i.id = o.inquiry_id
        order by f.late_lines > 0 desc, f.next_eta, f.order_id
        limit ${DASHBOARD_LIST_LIMIT}`,
    ),
    rows(
      db,
      spendRowSchema,
      sql`select to_char(o.created_at at time zone ${zone}, 'YYYY-MM') as month, o.part_dealer_id,
          pd.name as dealer_name, sum(o.total_cents)::float8 as total_cents, count(*)::int as order_count
        from orders o
        join part_dealers pd on pd.id = o.part_dealer_id
        where ${placedInPeriod}
        group by 1, 2, 3
        order by 1, 3, 2`,
    ),
    rows(
      db,
      v.object({
        compared_lines: v.number(),
        saved_cents: v.number(),
        delivered_lines: v.number(),
        on_time_lines: v.number(),
        share: v.nullable(v.number()),
      }),
      sql`select
          (count(*) filter (where charged and ol.best_other_price_cents is not null))::int as compared_lines,
          coalesce(sum((ol.best_other_price_cents - ol.net_price_cents)::bigint * ol.quantity)
            filter (where charged and ol.best_other_price_cents is not null), 0)::float8 as saved_cents,
          (count(*) filter (where ol.delivered_at is not null))::int as delivered_lines,
          (count(*) filter (where on_time))::int as on_time_lines,
          case when count(*) filter (where ol.delivered_at is not null) = 0 then null
            else (count(*) filter (where on_time))::float8 / count(*) filter (where ol.delivered_at is not null) end as share
        from orders o
        join order_lines ol on ol.order_id = o.id
        cross join lateral (select ol.status not in ('cancelled', 'returned') as charged,
          (ol.delivered_at at time zone ${zone})::date <= ol.promised_on as on_time) fact
        where ${placedInPeriod}`,
    ),
    rows(
      db,
      responseTimeRowSchema,
      sql`with answers as materialized (
          select r.part_dealer_id, ${responseMinutes} as minutes
          from inquiries i
          join inquiry_recipients r on r.inquiry_id = i.id
          where i.workshop_organisation_id = ${organisationId} and i.created_at >= ${start} and i.created_at < ${end}
        )
        select a.part_dealer_id, pd.name as dealer_name, count(a.minutes)::int as answered,
          (percentile_cont(0.5) within group (order by a.minutes))::float8 as median_minutes
        from answers a
        join part_dealers pd on pd.id = a.part_dealer_id
        group by 1, 2
        order by 2, 1`,
    ),
    rows(
      db,
      returnReasonRowSchema,
      sql`select ret.reason, count(*)::int as count
        from order_returns ret
        join order_lines ol on ol.id = ret.order_line_id
        join orders o on o.id = ol.order_id
        where o.workshop_organisation_id = ${organisationId} and ret.created_at >= ${start} and ret.created_at < ${end}
        group by 1
        order by 1`,
    ),
  ]);
  const [facts] = lineFacts;
  return {
    kind: 'workshop',
    from: query.from,
    to: query.to,
    today,
    open_inquiries: openInquiries,
    eta_alerts: etaAlerts,
    spend,
    savings: { compared_lines: facts?.compared_lines ?? 0, saved_cents: facts?.saved_cents ?? 0 },
    on_time: {
      delivered_lines: facts?.delivered_lines ?? 0,
      on_time_lines: facts?.on_time_lines ?? 0,
      share: facts?.share ?? null,
    },
    response_times: responseTimes,
    returns,
  };
}

/**
 * Why a line sent to the dealer was lost, first cause first (ADR 029): the dealer's own silence or
 * decline, then another dealer getting it (cheaper or not), then the workshop ordering it from no one.
 */
const lostReason = sql`case
  when not fact.quoted then 'declined'
  when q.ordered_price_cents is not null and q.ordered_price_cents < q.net_price_cents then 'ordered_elsewhere_cheaper'
  when q.ordered_price_cents is not null then 'ordered_elsewhere'
  when m.inquiry_status = 'ordered' then 'not_ordered'
  else 'inquiry_not_ordered' end`;

export async function dealerDashboard(
  db: Database,
  organisationId: number,
  query: DashboardQuery,
): Promise<DealerDashboard> {
  const { start, end } = bounds(query);
  const today = portalToday();
  const receivedInPeriod = sql`r.dealer_organisation_id = ${organisationId} and r.created_at >= ${start} and r.created_at < ${end}`;

  const [waiting, response, lines] = await Promise.all([
    limitedList(
      db,
      waitingInquiryItemSchema,
      sql`select i.id as inquiry_id, w.name as workshop_name, i.vehicle_description, ${isoText(sql`i.closes_at`)} as closes_at,
          (select count(*) from inquiry_lines l where l.inquiry_id = i.id)::int as line_count,
          r.status = 'seen' as seen, (count(*) over ())::int as total
        from inquiry_recipients r
        join inquiries i on i.id = r.inquiry_id
        join organisations w on w.id = i.workshop_organisation_id
        where r.dealer_organisation_id = ${organisationId} and r.status in ('sent', 'seen')
          and i.status in ('sent', 'quoted') and i.closes_at > now()
        order by i.closes_at, i.id
        limit ${DASHBOARD_LIST_LIMIT}`,
    ),
    rows(
      db,
      v.object({ received: v.number(), answered: v.number(), median_minutes: v.nullable(v.number()) }),
      sql`with answers as materialized (
          select ${responseMinutes} as minutes
          from inquiry_recipients r
          where ${receivedInPeriod}
        )
        select count(*)::int as received, count(minutes)::int as answered,
          (percentile_cont(0.5) within group (order by minutes))::float8 as median_minutes
        from answers`,
    ),
    rows(
      db,
      v.object({ reason: v.nullable(v.string()), quoted: v.number(), won: v.number(), count: v.number() }),
      sql`with mine as materialized (
          select r.id, r.inquiry_id, r.status, i.status as inquiry_status,
            i.status in ('draft', 'sent', 'quoted') as pending
          from inquiry_recipients r
          join inquiries i on i.id = r.inquiry_id
          where ${receivedInPeriod}
        ), sent_lines as (
          select case when m.pending then null when m.status = 'declined' then 'declined' else 'no_answer' end as reason,
            0 as quoted, 0 as won, (select count(*) from inquiry_lines l where l.inquiry_id = m.inquiry_id)::int as lines
          from mine m
          where m.status <> 'answered' and not m.pending
          union all
          select case when q.won or m.pending then null else ${lostReason} end,
            case when fact.quoted then 1 else 0 end, case when fact.quoted and q.won then 1 else 0 end, 1
          from mine m
          join quote_lines q on q.recipient_id = m.id
          cross join lateral (select coalesce(q.offered and q.net_price_cents is not null
            and q.availability <> 'not_available', false) as quoted) fact
          where m.status = 'answered'
        )
        select reason, sum(quoted)::int as quoted, sum(won)::int as won, sum(lines)::int as count
        from sent_lines
        group by 1`,
    ),
  ]);
  const [answered] = response;
  const quotedLines = lines.reduce((sum, row) => sum + row.quoted, 0);
  const orderedLines = lines.reduce((sum, row) => sum + row.won, 0);
  const lostLines: LostLineRow[] = LOST_LINE_REASONS.flatMap((reason) => {
    const row = lines.find((candidate) => candidate.reason === reason);
    return row ? [v.parse(lostLineRowSchema, { reason, count: row.count })] : [];
  });
  return {
    kind: 'dealer',
    from: query.from,
    to: query.to,
    today,
    waiting,
    response: {
      received: answered?.received ?? 0,
      answered: answered?.answered ?? 0,
      median_minutes: answered?.median_minutes ?? null,
    },
    win_rate: {
      quoted_lines: quotedLines,
      ordered_lines: orderedLines,
      share: quotedLines === 0 ? null : orderedLines / quotedLines,
    },
    lost_lines: lostLines,
  };
}
