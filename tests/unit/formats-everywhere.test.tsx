import { i18n } from '@lingui/core';
import { cleanup, screen } from '@testing-library/react';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from 'vitest';
import type { CompanySettings } from '../../common/company-settings';
import type { ClaimDetail } from '../../common/contracts/claims';
import type { OrderDetail, OrderLine, TradeEvent } from '../../common/contracts/trading';
import {
  formatDate,
  formatDateTime,
  formatLineName,
  formatMoney,
  formatOrderReference,
  formatVehicle,
} from '../../common/format/formats';
import { mailTemplates } from '../../server/mail/templates';
import { renderDelayStatement } from '../../server/trade/delay-statement';
import { OrderLinesTable } from '../../src/views/orders/OrderLinesTable';
import { OrderPageFrame } from '../../src/views/orders/OrderPageFrame';
import { OrderTimeline } from '../../src/views/orders/OrderTimeline';
import { renderInRouter } from '../support/render-in-router';

/*
 * ADR 036: one set of facts, told by a screen, a mail and the delay statement PDF, reads the same
 * in all three: the order's reference, its total, the vehicle, the line, the ETA and the moment
 * the ETA was given (19:15 in Berlin, 18:15 UTC).
 */

const facts = {
  orderId: 835,
  inquiryId: 77,
  vehicle: { description: 'VW Golf VII', vin: 'WVWZZZ1KZAW000001', hsn: '0603', tsn: 'BFS' },
  line: { id: 103, part_number: '0 986 494 123', brand: 'Bosch', description: 'Bremsbeläge', quantity: 2 },
  unitCents: 61_728,
  totalCents: 123_456,
  placedAt: '2026-11-22T18:15:00Z',
  eta: '2026-12-02',
} as const;

const line: OrderLine = {
  ...facts.line,
  inquiry_line_id: 3,
  net_price_cents: facts.unitCents,
  deposit_cents: 0,
  fits_vehicle: true,
  status: 'backorder',
  eta: facts.eta,
  eta_history: [{ eta: facts.eta, at: facts.placedAt }],
  cancel_reason: null,
  tracking_reference: '',
  returns: [],
};

const backorderEvent: TradeEvent = {
  id: 9,
  inquiry_id: facts.inquiryId,
  order_id: facts.orderId,
  entity: 'line',
  entity_id: facts.line.id,
  kind: 'line.backorder',
  before: 'confirmed',
  after: 'backorder',
  actor: 'Petra Teile',
  details: { eta: facts.eta },
  at: facts.placedAt,
};

const order: OrderDetail = {
  id: facts.orderId,
  inquiry_id: facts.inquiryId,
  part_dealer_id: 1001,
  dealer_name: 'Ostsee Teile',
  workshop_name: 'Autohaus Kiel',
  customer_number: 'K-4711',
  vehicle: facts.vehicle,
  status: 'confirmed',
  line_count: 1,
  total_cents: facts.totalCents,
  currency: 'EUR',
  placed_at: facts.placedAt,
  updated_at: facts.placedAt,
  handover: 'delivery',
  note: '',
  has_backorder: true,
  open_returns: 0,
  version: 3,
  freight_cents: 0,
  lines: [line],
  events: [backorderEvent],
};

const claim: ClaimDetail = {
  claim_number: 'SCH-2026/004711',
  workshop_names: [order.workshop_name],
  dealer_names: [order.dealer_name],
  vehicles: [facts.vehicle],
  order_statuses: ['confirmed'],
  order_count: 1,
  placed_at: facts.placedAt,
  shared_at: facts.placedAt,
  line_count: 1,
  max_delay_days: 0,
  total_cents: facts.totalCents,
  orders: [
    {
      order_id: facts.orderId,
      workshop_name: order.workshop_name,
      dealer_name: order.dealer_name,
      vehicle: facts.vehicle,
      order_status: 'confirmed',
      placed_at: facts.placedAt,
      shared_at: facts.placedAt,
      currency: 'EUR',
      total_cents: facts.totalCents,
      lines: [
        {
          ...facts.line,
          requested_part_number: facts.line.part_number,
          origin: 'oe',
          net_price_cents: facts.unitCents,
          availability: 'ordered_eta',
          status: 'backorder',
          promised_on: facts.eta,
          eta_history: [{ eta: facts.eta, at: facts.placedAt }],
          delivered_on: null,
          delay_days: 0,
        },
      ],
      events: [backorderEvent],
    },
  ],
  equivalent_share: 0,
  today: '2026-11-26',
};

const COMPANY: CompanySettings = {
  name: 'Teileportal GmbH',
  address: 'Friedrichstraße 68, 10117 Berlin',
  representative: null,
  register: null,
  vatId: null,
};

/** Text as a reader sees it: any run of white space (a no-break space too, a PDF's line breaks) is one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function screenText(language: 'de' | 'en') {
  i18n.activate(language);
  await renderInRouter(`/orders/${facts.orderId}`, () => (
    <OrderPageFrame
      orderId={facts.orderId}
      side="workshop"
      listLink={null}
      inquiryLink={null}
      view={{ order, loading: false, loadError: null, retry: () => {}, notice: null }}
      dialogs={null}
    >
      {(shown) => (
        <>
          <OrderLinesTable order={shown} />
          <OrderTimeline order={shown} />
        </>
      )}
    </OrderPageFrame>
  ));
  await screen.findByRole('heading', { level: 1 });
  const text = flat(document.body.textContent ?? '');
  cleanup();
  return text;
}

function mailText(language: 'de' | 'en') {
  const mail = mailTemplates.tradeEvent(language, {
    firstName: 'Max',
    item: {
      kind: 'line.backorder',
      inquiryId: facts.inquiryId,
      orderId: facts.orderId,
      workshopName: order.workshop_name,
      vehicle: facts.vehicle,
      details: { eta: facts.eta },
      url: `http://127.0.0.1:3000/orders/${facts.orderId}`,
    },
  });
  return flat(`${mail.subject}\n${mail.text}`);
}

/**
 * pdfkit tells bytes from text by `instanceof Uint8Array`; under jsdom that global is the DOM
 * window's, not the one Node's Buffer extends, and the statement's compressed streams would be
 * written as text. So the statement is rendered with Node's Uint8Array in place, as on the server.
 */
async function renderedAsOnTheServer(language: 'de' | 'en') {
  const domUint8Array = globalThis.Uint8Array;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
  try {
    return await renderDelayStatement(claim, language, COMPANY);
  } finally {
    globalThis.Uint8Array = domUint8Array;
  }
}

async function statementText(language: 'de' | 'en') {
  const bytes = new Uint8Array(await renderedAsOnTheServer(language));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return flat(text);
}

test.each([
  [
    'de',
    {
      reference: 'Bestellung 835',
      money: '1.234,56 €',
      eta: '02.12.2026',
      moment: '22.11.2026, 19:15',
      vehicle: 'VW Golf VII · FIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS',
    },
  ],
  [
    'en',
    {
      reference: 'Order 835',
      money: '€1,234.56',
      eta: '2 Dec 2026',
      moment: '22 Nov 2026, 19:15',
      vehicle: 'VW Golf VII · VIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS',
    },
  ],
] as const)(
  'in %s a screen, a mail and the delay statement write the same facts the same way',
  async (language, expected) => {
    const shown = {
      reference: formatOrderReference(facts.orderId, language),
      money: flat(formatMoney(facts.totalCents, language)),
      eta: formatDate(facts.eta, language),
      moment: formatDateTime(facts.placedAt, language),
      vehicle: formatVehicle(facts.vehicle, language),
      line: formatLineName(line),
    };
    expect({ ...shown, line: undefined }).toEqual({ ...expected, line: undefined });
    expect(shown.line).toBe('0 986 494 123');

    const [onScreen, inMail, inStatement] = [
      await screenText(language),
      mailText(language),
      await statementText(language),
    ];
    // Every medium names the order, the vehicle and the ETA.
    for (const text of [onScreen, inMail, inStatement]) {
      expect(text).toContain(shown.reference);
      expect(text).toContain(shown.vehicle);
      expect(text).toContain(shown.eta);
    }
    // The amount, the moment the ETA was given and the line: on the screen and in the statement (a mail tells no price).
    for (const text of [onScreen, inStatement]) {
      expect(text).toContain(shown.money);
      expect(text).toContain(shown.moment);
      expect(text).toContain(shown.line);
    }
    // No medium keeps a format of its own beside the kit's.
    expect(inMail).not.toContain(`#${facts.orderId}`);
    expect(inMail).not.toContain(language === 'de' ? '2. Dezember 2026' : '2 December 2026');
    expect(onScreen).not.toMatch(language === 'de' ? /2\. Dez\. 2026/ : /Dec 2, 2026|12\/02\/2026/);
  },
  30_000,
);
