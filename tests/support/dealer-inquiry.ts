import type { DealerInboxItem, DealerInquiry, QuoteLine, Recipient, TradeEvent } from '../../common/contracts/trading';
import type { LiveEventSource } from '../../src/app/live-events';

/** An inquiry as a dealer reads it: two lines, sent to this dealer, not opened yet. */
export function anInquiry(
  overrides: Partial<Omit<DealerInquiry, 'recipient'>> & { recipient?: Partial<Recipient> } = {},
): DealerInquiry {
  const { recipient, ...rest } = overrides;
  return {
    id: 41,
    inquiry_status: 'sent',
    workshop_name: 'Autohaus Berger',
    customer_number: '104711',
    vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI 1.6 TDI' },
    lines: [
      {
        id: 501,
        position: 1,
        part_number: '1K0 615 301 AA',
        description: 'Bremsscheibe vorne',
        quantity: 2,
        note: '',
        fitment: { kept: 2, not_fitting: 0 },
      },
      {
        id: 502,
        position: 2,
        part_number: '',
        description: 'Bremsbeläge vorne',
        quantity: 1,
        note: 'Satz',
        fitment: null,
      },
    ],
    created_at: '2026-11-25T08:00:00.000Z',
    closes_at: '2026-11-25T10:00:00.000Z',
    order_id: null,
    ...rest,
    recipient: {
      id: 77,
      part_dealer_id: 9,
      dealer_name: 'Teile Süd GmbH',
      status: 'sent',
      version: 1,
      seen_at: null,
      answered_at: null,
      decline_reason: null,
      valid_until: null,
      freight_cents: 0,
      free_freight_from_cents: null,
      quote_lines: [],
      ...recipient,
    },
  };
}

export function aQuoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    inquiry_line_id: 501,
    offered: true,
    net_price_cents: 4990,
    deposit_cents: 0,
    currency: 'EUR',
    availability: 'branch_today',
    eta: null,
    alternative_part_number: '',
    alternative_brand: '',
    fits_vehicle: true,
    note: '',
    decline_reason: null,
    ...overrides,
  };
}

/** The inquiry answered by someone at the dealer: line 1 offered at `price` cents, line 2 declined. */
export function anAnsweredInquiry(price: number, version: number, overrides: Partial<Recipient> = {}) {
  return anInquiry({
    inquiry_status: 'quoted',
    recipient: {
      status: 'answered',
      version,
      seen_at: '2026-11-25T08:05:00.000Z',
      answered_at: '2026-11-25T08:20:00.000Z',
      valid_until: '2026-11-27',
      freight_cents: 590,
      free_freight_from_cents: 10000,
      quote_lines: [
        aQuoteLine({ net_price_cents: price }),
        aQuoteLine({
          inquiry_line_id: 502,
          offered: false,
          net_price_cents: null,
          availability: null,
          fits_vehicle: false,
          decline_reason: 'Nicht lieferbar',
        }),
      ],
      ...overrides,
    },
  });
}

export function anInboxItem(overrides: Partial<DealerInboxItem> = {}): DealerInboxItem {
  return {
    id: 41,
    workshop_name: 'Autohaus Berger',
    customer_number: '104711',
    vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI 1.6 TDI' },
    line_count: 2,
    status: 'sent',
    inquiry_status: 'sent',
    created_at: '2026-11-25T08:00:00.000Z',
    closes_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function aTradeEvent(overrides: Partial<TradeEvent> = {}): TradeEvent {
  return {
    id: 900,
    kind: 'quote.received',
    inquiry_id: 41,
    order_id: null,
    entity: 'recipient',
    entity_id: 77,
    before: 'seen',
    after: 'answered',
    actor: 'Max Muster',
    details: {},
    at: '2026-11-25T08:30:00.000Z',
    ...overrides,
  };
}

/** A live event source the test pushes events into, as the SSE stream would. */
export function aLiveSource() {
  const listeners = new Set<(event: TradeEvent) => void>();
  const reloadListeners = new Set<() => void>();
  const source: LiveEventSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeReload: (listener) => {
      reloadListeners.add(listener);
      return () => reloadListeners.delete(listener);
    },
    subscribeStatus: () => () => {},
    status: () => 'online',
  };
  return {
    source,
    /** The stream's "reload" (ADR 045), as after a resume beyond the horizon. */
    reload: () => {
      for (const listener of reloadListeners) listener();
    },
    emit: (event: TradeEvent) => {
      for (const listener of listeners) listener(event);
    },
    listening: () => listeners.size,
  };
}
