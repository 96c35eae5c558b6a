import type { SupplierList, SupplierRelation } from '../../common/contracts/suppliers';
import type { InquiryDetail, QuoteLine, Recipient, TradeEvent } from '../../common/contracts/trading';

export const aRelation = (overrides: Partial<SupplierRelation> = {}): SupplierRelation => ({
  id: 21,
  part_dealer_id: 1001,
  dealer_name: 'Ostsee Teile',
  logo_url: null,
  city: 'Kiel',
  on_portal: true,
  customer_number: '222',
  status: 'active',
  decline_reason: null,
  ...overrides,
});

/** Two active dealers and one that has not confirmed the workshop yet. */
export const supplierList: SupplierList = {
  relations: [
    aRelation(),
    aRelation({ id: 22, part_dealer_id: 1002, dealer_name: 'Förde Teile' }),
    aRelation({ id: 23, part_dealer_id: 1003, dealer_name: 'Teile West', status: 'requested' }),
  ],
  additional: [],
};

export const anOffer = (inquiryLineId: number, overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  inquiry_line_id: inquiryLineId,
  offered: true,
  net_price_cents: 10_000,
  deposit_cents: 0,
  currency: 'EUR',
  availability: 'branch_today',
  eta: null,
  alternative_part_number: '',
  alternative_brand: '',
  fits_vehicle: false,
  note: '',
  decline_reason: null,
  ...overrides,
});

export const aRecipient = (overrides: Partial<Recipient> = {}): Recipient => ({
  id: 501,
  part_dealer_id: 1001,
  dealer_name: 'Ostsee Teile',
  status: 'sent',
  version: 0,
  seen_at: null,
  answered_at: null,
  decline_reason: null,
  valid_until: null,
  freight_cents: 0,
  free_freight_from_cents: null,
  quote_lines: [],
  ...overrides,
});

/**
 * An inquiry with two lines (a brake disc ×2, a filter ×1) and three dealers:
 * - Ostsee Teile: disc 100,00 € in the branch today (+ 5,00 € deposit), filter 12,00 € ordered for 2026-12-03;
 *   freight 6,90 €, free from 150,00 €.
 * - Förde Teile: disc 89,50 € from the central warehouse (alternative number, fits), filter declined; freight 4,90 €.
 * - Teile West: declined the whole inquiry.
 */
export function quotedInquiry(overrides: Partial<InquiryDetail> = {}): InquiryDetail {
  return {
    id: 77,
    status: 'quoted',
    version: 4,
    workshop_name: 'Werkstatt Kiel',
    vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'Golf 7 1.6 TDI' },
    workshop_reference: null,
    lines: [
      {
        id: 1,
        position: 1,
        part_number: '1K0 615 301 AA',
        description: 'Bremsscheibe',
        quantity: 2,
        note: '',
        fitment: { kept: 3, not_fitting: 1 },
      },
      { id: 2, position: 2, part_number: '', description: 'Ölfilter', quantity: 1, note: 'Original', fitment: null },
    ],
    recipients: [
      aRecipient({
        id: 501,
        status: 'answered',
        version: 2,
        seen_at: '2026-11-25T08:00:00Z',
        answered_at: '2026-11-25T08:30:00Z',
        valid_until: '2026-11-30',
        freight_cents: 690,
        free_freight_from_cents: 15_000,
        quote_lines: [
          anOffer(1, { net_price_cents: 10_000, deposit_cents: 500 }),
          anOffer(2, { net_price_cents: 1_200, availability: 'ordered_eta', eta: '2026-12-03' }),
        ],
      }),
      aRecipient({
        id: 502,
        part_dealer_id: 1002,
        dealer_name: 'Förde Teile',
        status: 'answered',
        version: 1,
        answered_at: '2026-11-25T09:00:00Z',
        valid_until: '2026-11-28',
        freight_cents: 490,
        quote_lines: [
          anOffer(1, {
            net_price_cents: 8_950,
            availability: 'central_24h',
            alternative_part_number: 'BS-4711',
            alternative_brand: 'Brembo',
            fits_vehicle: true,
          }),
          {
            ...anOffer(2),
            offered: false,
            net_price_cents: null,
            availability: null,
            decline_reason: 'Nicht am Lager',
          },
        ],
      }),
      aRecipient({
        id: 503,
        part_dealer_id: 1003,
        dealer_name: 'Teile West',
        status: 'declined',
        decline_reason: 'Kein Bedarf',
      }),
    ],
    orders: [],
    ordered_lines: [],
    created_at: '2026-11-25T07:50:00Z',
    closes_at: '2026-11-25T09:50:00Z',
    cancel_reason: null,
    today: '2026-11-25',
    ...overrides,
  };
}

export const aTradeEvent = (inquiryId: number, overrides: Partial<TradeEvent> = {}): TradeEvent => ({
  id: 9001,
  kind: 'answerSaved',
  inquiry_id: inquiryId,
  order_id: null,
  entity: 'recipient',
  entity_id: 501,
  before: 'seen',
  after: 'answered',
  actor: 'Ostsee Teile',
  details: {},
  at: '2026-11-25T08:30:00Z',
  ...overrides,
});
