import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import { isCalendarDate, RETURN_REASONS } from './trading';

/*
 * The dashboards with analytics (issue 15, docs/decisions/029-dashboards.md): the workshop's and
 * the dealer's figures over a period, computed in SQL on the server and scoped to the caller's
 * organisation. What each figure means is defined in the ADR; the field comments repeat the gist.
 */

/** The periods the dashboards offer; the URL carries one of them (`/dashboard?period=90d`). */
export const DASHBOARD_PERIODS = ['30d', '90d', '12m', 'ytd'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '12m';

/** The longest range the server computes (a leap year and a day more: "12 months" ending on a 29 February). */
export const DASHBOARD_MAX_DAYS = 367;
/** How many open inquiries, ETA alerts or waiting inquiries a dashboard lists (the total is given too). */
export const DASHBOARD_LIST_LIMIT = 10;

/** The URL's period read by the contract: anything it does not know becomes the default. */
export function parseDashboardPeriod(value: unknown): DashboardPeriod {
  return v.is(v.picklist(DASHBOARD_PERIODS), value) ? value : DEFAULT_DASHBOARD_PERIOD;
}

const DAY_MS = 86_400_000;
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The calendar days (the portal's time zone, both included) a period covers on `today`. */
export function periodRange(period: DashboardPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m': {
      // Twelve calendar months: the current one so far and the eleven before it, from their first day.
      const monthIndex = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 11;
      const from = `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
      return { from, to: today };
    }
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** `GET …/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD`: calendar days in the portal's time zone, both included. */
export const dashboardQuerySchema = v.pipe(
  v.object({
    from: v.pipe(v.string('periodInvalid'), v.check(isCalendarDate, 'periodInvalid')),
    to: v.pipe(v.string('periodInvalid'), v.check(isCalendarDate, 'periodInvalid')),
  }),
  v.check(({ from, to }) => from <= to && daysBetween(from, to) < DASHBOARD_MAX_DAYS, 'periodInvalid'),
);
export type DashboardQuery = v.InferOutput<typeof dashboardQuerySchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const cents = v.pipe(v.number(), v.integer());
/** A share from 0 to 1, or null when nothing was there to count. */
const share = v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1)));

export const openInquiryItemSchema = v.object({
  id: v.number(),
  vehicle_description: v.string(),
  vin: v.string(),
  closes_at: v.string(),
  line_count: count,
  recipient_count: count,
  /** Recipients that answered with a quote so far. */
  quoted_count: count,
});
export type OpenInquiryItem = v.InferOutput<typeof openInquiryItemSchema>;

export const etaAlertItemSchema = v.object({
  order_id: v.number(),
  dealer_name: v.string(),
  vehicle_description: v.string(),
  /** Open lines whose current ETA lies before today. */
  late_lines: count,
  /** Open lines whose current ETA differs from the one promised in the quote. */
  changed_lines: count,
  /** The earliest current ETA among the order's flagged lines (YYYY-MM-DD). */
  next_eta: v.nullable(v.string()),
});
export type EtaAlertItem = v.InferOutput<typeof etaAlertItemSchema>;

export const spendRowSchema = v.object({
  /** YYYY-MM, the month the order was placed in (the portal's time zone). */
  month: v.string(),
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  total_cents: cents,
  order_count: count,
});
export type SpendRow = v.InferOutput<typeof spendRowSchema>;

export const responseTimeRowSchema = v.object({
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  /** Recipients that answered (a quote or a decline). */
  answered: count,
  /** Median minutes from the inquiry being sent to the dealer's first answer; null without answers. */
  median_minutes: v.nullable(v.number()),
});
export type ResponseTimeRow = v.InferOutput<typeof responseTimeRowSchema>;

export const returnReasonRowSchema = v.object({ reason: v.picklist(RETURN_REASONS), count });
export type ReturnReasonRow = v.InferOutput<typeof returnReasonRowSchema>;

export const workshopDashboardSchema = v.object({
  kind: v.literal('workshop'),
  from: v.string(),
  to: v.string(),
  /** The portal's date when this was computed (the portal's time zone). */
  today: v.string(),
  open_inquiries: v.object({ total: count, items: v.array(openInquiryItemSchema) }),
  eta_alerts: v.object({ total: count, items: v.array(etaAlertItemSchema) }),
  spend: v.array(spendRowSchema),
  savings: v.object({
    /** Ordered lines for which another dealer offered the line too. */
    compared_lines: count,
    /** Σ (best other offer − price paid) × quantity over those lines; negative when dearer was chosen. */
    saved_cents: cents,
  }),
  on_time: v.object({ delivered_lines: count, on_time_lines: count, share }),
  response_times: v.array(responseTimeRowSchema),
  returns: v.array(returnReasonRowSchema),
});
export type WorkshopDashboard = v.InferOutput<typeof workshopDashboardSchema>;

export const waitingInquiryItemSchema = v.object({
  inquiry_id: v.number(),
  workshop_name: v.string(),
  vehicle_description: v.string(),
  closes_at: v.string(),
  line_count: count,
  seen: v.boolean(),
});
export type WaitingInquiryItem = v.InferOutput<typeof waitingInquiryItemSchema>;

/** Why a line sent to the dealer did not become an order line of the dealer's (ADR 029). */
export const LOST_LINE_REASONS = [
  'no_answer',
  'declined',
  'ordered_elsewhere_cheaper',
  'ordered_elsewhere',
  'not_ordered',
  'inquiry_not_ordered',
] as const;
export type LostLineReason = (typeof LOST_LINE_REASONS)[number];

export const lostLineRowSchema = v.object({ reason: v.picklist(LOST_LINE_REASONS), count });
export type LostLineRow = v.InferOutput<typeof lostLineRowSchema>;

export const dealerDashboardSchema = v.object({
  kind: v.literal('dealer'),
  from: v.string(),
  to: v.string(),
  today: v.string(),
  waiting: v.object({ total: count, items: v.array(waitingInquiryItemSchema) }),
  response: v.object({
    /** Inquiries sent to the dealer in the period. */
    received: count,
    answered: count,
    median_minutes: v.nullable(v.number()),
  }),
  win_rate: v.object({ quoted_lines: count, ordered_lines: count, share }),
  lost_lines: v.array(lostLineRowSchema),
});
export type DealerDashboard = v.InferOutput<typeof dealerDashboardSchema>;

export type DashboardFigures = WorkshopDashboard | DealerDashboard;

export const workshopDashboardEnvelopeSchema = envelopeSchema(workshopDashboardSchema);
export const dealerDashboardEnvelopeSchema = envelopeSchema(dealerDashboardSchema);
