import type { OrderDetail, OrderLine, TradeEvent } from '../../common/contracts/trading';
import type { LiveEventSource } from '../../src/app/live-events';

const line = (overrides: Partial<OrderLine> & Pick<OrderLine, 'id' | 'part_number' | 'status'>): OrderLine => ({
  inquiry_line_id: overrides.id - 100,
  brand: 'Mann',
  description: 'Filter',
  quantity: 1,
  net_price_cents: 1000,
  deposit_cents: 0,
  fits_vehicle: true,
  eta: null,
  eta_history: [],
  cancel_reason: null,
  tracking_reference: '',
  returns: [],
  ...overrides,
});

export const tradeEvent = (overrides: Partial<TradeEvent> & Pick<TradeEvent, 'id' | 'kind'>): TradeEvent => ({
  inquiry_id: 77,
  order_id: 42,
  entity: 'order',
  entity_id: 42,
  before: null,
  after: null,
  actor: 'Petra Teile',
  details: {},
  at: '2026-11-24T08:15:00Z',
  ...overrides,
});

/**
 * An order of the workshop "Autohaus Kiel" at the dealer "Ostsee Teile" with a line in every
 * interesting state: two waiting for the dealer, one on backorder whose ETA moved twice, two
 * delivered (one with a return waiting), one cancelled, one shipped.
 */
export const order: OrderDetail = {
  id: 42,
  inquiry_id: 77,
  part_dealer_id: 1001,
  dealer_name: 'Ostsee Teile',
  workshop_name: 'Autohaus Kiel',
  customer_number: 'K-4711',
  vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
  status: 'confirmed',
  line_count: 7,
  total_cents: 23_490,
  currency: 'EUR',
  placed_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-24T08:15:00Z',
  handover: 'delivery',
  note: '',
  has_backorder: true,
  open_returns: 1,
  version: 7,
  freight_cents: 590,
  lines: [
    line({
      id: 101,
      part_number: '1K0 615 301 AA',
      brand: 'ATE',
      description: 'Bremsscheibe',
      quantity: 2,
      net_price_cents: 4599,
      deposit_cents: 0,
      status: 'placed',
    }),
    line({ id: 102, part_number: '0 986 494 104', brand: 'Bosch', description: 'Bremsbeläge', status: 'placed' }),
    line({
      id: 103,
      part_number: 'OC 90',
      brand: 'Mahle',
      description: 'Ölfilter',
      status: 'backorder',
      eta: '2026-11-28',
      eta_history: [
        { eta: '2026-11-25', at: '2026-11-20T10:00:00Z' },
        { eta: '2026-11-26', at: '2026-11-22T10:00:00Z' },
        { eta: '2026-11-28', at: '2026-11-24T08:15:00Z' },
      ],
    }),
    line({ id: 104, part_number: 'LX 1780', description: 'Luftfilter', status: 'delivered', deposit_cents: 250 }),
    line({
      id: 105,
      part_number: 'W 712/95',
      description: 'Ölfilter',
      status: 'delivered',
      returns: [
        {
          id: 501,
          status: 'requested',
          reason: 'damaged',
          note: 'Gehäuse gerissen',
          refusal_reason: null,
          requested_at: '2026-11-24T07:00:00Z',
          decided_at: null,
        },
      ],
    }),
    line({ id: 106, part_number: 'XYZ 1', status: 'cancelled', cancel_reason: 'Nicht lieferbar' }),
    line({ id: 107, part_number: 'CU 2939', status: 'shipped', tracking_reference: '00340434161094042557' }),
  ],
  events: [
    tradeEvent({ id: 900, kind: 'order.placed', entity: 'order', after: 'placed', actor: 'Max Werkstatt' }),
    tradeEvent({
      id: 903,
      kind: 'line.backorder',
      entity: 'line',
      entity_id: 103,
      before: 'backorder',
      after: 'backorder',
      details: { eta: '2026-11-28' },
    }),
    tradeEvent({
      id: 904,
      kind: 'return.requested',
      entity: 'return',
      entity_id: 501,
      after: 'requested',
      actor: 'Max Werkstatt',
      details: { reason: 'damaged' },
    }),
    tradeEvent({ id: 905, kind: 'order.noteAdded', entity: 'order', before: null, after: null }),
  ],
};

/** The order with one line changed, and its version moved on (what another user's write left). */
export function orderWith(version: number, lineId: number, change: Partial<OrderLine>): OrderDetail {
  return {
    ...order,
    version,
    lines: order.lines.map((candidate) => (candidate.id === lineId ? { ...candidate, ...change } : candidate)),
  };
}

/** A live event source the test pushes events into. */
export function fakeLiveSource() {
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
    get listening() {
      return listeners.size;
    },
  };
}
