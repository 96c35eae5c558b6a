import type { CompanySettings } from '../../common/company-settings';
import type { ClaimDetail, ClaimLine } from '../../common/contracts/claims';
import type { TradeEvent } from '../../common/contracts/trading';

export const FIXTURE_COMPANY: CompanySettings = {
  name: 'Teileportal Testbetrieb GmbH',
  address: 'Prüfweg 7, 10115 Berlin',
  representative: null,
  register: null,
  vatId: null,
};

/** A claim of one order with `lines` lines and `eventsPerLine` events each, as readClaimDetail shapes it. */
export function syntheticClaim(options: { lines: number; eventsPerLine: number; claimNumber?: string }): ClaimDetail {
  const vehicle = { vin: 'WVWZZZ1KZAW000001', hsn: '0603', tsn: 'AKN', description: 'VW Golf VI 1.4 TSI' };
  const lines: ClaimLine[] = [];
  const events: TradeEvent[] = [];
  for (let index = 0; index < options.lines; index += 1) {
    const id = 1000 + index;
    lines.push({
      id,
      requested_part_number: `5Q0 615 ${String(index).padStart(3, '0')}`,
      part_number: `5Q0 615 ${String(index).padStart(3, '0')}`,
      brand: 'ATE',
      description: `Bremsscheibe ${index + 1}`,
      quantity: 2,
      origin: 'oe',
      net_price_cents: 8990,
      availability: null,
      status: 'delivered',
      promised_on: '2026-03-02',
      eta_history: [],
      delivered_on: '2026-03-07',
      delay_days: 5,
    });
    for (let event = 0; event < options.eventsPerLine; event += 1) {
      events.push({
        id: events.length + 1,
        kind: 'line.backorder',
        inquiry_id: 1,
        order_id: 7,
        entity: 'line',
        entity_id: id,
        before: 'confirmed',
        after: 'backorder',
        actor: 'dealer',
        details: { eta: '2026-03-07' },
        at: '2026-03-01T09:00:00.000Z',
      });
    }
  }
  return {
    claim_number: options.claimNumber ?? 'SCH-2026/004711',
    workshop_names: ['Autohaus Becker'],
    dealer_names: ['Teile Nord GmbH'],
    vehicles: [vehicle],
    order_statuses: ['delivered'],
    order_count: 1,
    line_count: lines.length,
    placed_at: '2026-02-27T08:00:00.000Z',
    shared_at: '2026-03-08T08:00:00.000Z',
    max_delay_days: 5,
    orders: [
      {
        order_id: 7,
        workshop_name: 'Autohaus Becker',
        dealer_name: 'Teile Nord GmbH',
        vehicle,
        order_status: 'delivered',
        placed_at: '2026-02-27T08:00:00.000Z',
        shared_at: '2026-03-08T08:00:00.000Z',
        currency: 'EUR',
        total_cents: lines.length * 2 * 8990,
        lines,
        events,
      },
    ],
    total_cents: lines.length * 2 * 8990,
    equivalent_share: 0,
    today: '2026-03-09',
  };
}
