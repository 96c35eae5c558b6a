import PDFDocument from 'pdfkit';
import type { CompanySettings } from '../../common/company-settings';
import type { ClaimDetail, ClaimLine } from '../../common/contracts/claims';
import { isTradeEventKind, type TradeEventKind } from '../../common/contracts/trade-events';
import type { OrderLineStatus, TradeEvent } from '../../common/contracts/trading';
import {
  formatDate,
  formatDateTime,
  formatLineName,
  formatMoney,
  formatOrderReference,
  formatQuantity,
  formatShare,
  formatVehicle,
  portalDateOf,
} from '../../common/format/formats';
import type { ServerLocale } from '../i18n';

/*
 * The delay statement an insurer downloads for a claim (issue 15, ADR 030; by claim number since
 * issue 24 §7: one statement for every order shared under it): generated on the server with
 * pdfkit from the same claim detail the insurer's screen shows, in the request's language. PDFKit's standard fonts cover German (WinAnsi), so no font file is shipped.
 */

type StatementTexts = {
  title: string;
  claimNumber: string;
  representedBy: string;
  register: string;
  vatId: string;
  workshop: string;
  workshops: string;
  dealer: string;
  orders: string;
  claimValue: string;
  orderValue: string;
  netPrice: (unit: string, total: string) => string;
  cancelled: string;
  cancelledOn: (date: string) => string;
  vehicle: string;
  orderPlaced: string;
  sharedOn: string;
  issuedOn: string;
  lines: string;
  requested: string;
  delivered: string;
  origin: Record<ClaimLine['origin'], string>;
  promised: string;
  deliveredOn: string;
  notDelivered: string;
  noPromise: string;
  delay: (days: number) => string;
  stillOpen: string;
  status: Record<OrderLineStatus, string>;
  history: string;
  noHistory: string;
  etaGiven: string;
  event: (kind: string) => string;
  equivalentShare: (percent: string) => string;
  maxDelay: (days: number) => string;
  footer: string;
};

/** Every kind of the log as the statement names it (its history lists a line's events). */
const EVENT_KIND_TEXTS: Record<ServerLocale, Record<TradeEventKind, string>> = {
  de: {
    'inquiry.sent': 'Anfrage gesendet',
    'inquiry.quoted': 'Angebot erhalten',
    'inquiry.allAnswered': 'Alle Händler haben geantwortet',
    'inquiry.closed': 'Anfrage geschlossen',
    'inquiry.cancelled': 'Anfrage storniert',
    'inquiry.ordered': 'Aus der Anfrage bestellt',
    'recipient.seen': 'Anfrage vom Händler gesehen',
    'recipient.answered': 'Händler hat geantwortet',
    'recipient.declined': 'Händler hat abgelehnt',
    'recipient.expired': 'Anfrage für den Händler abgelaufen',
    'order.placed': 'Bestellung aufgegeben',
    'order.confirmed': 'Bestellung bestätigt',
    'order.shipped': 'Bestellung versandt',
    'order.delivered': 'Bestellung geliefert',
    'order.cancelled': 'Bestellung storniert',
    'line.confirmed': 'Position bestätigt',
    'line.backorder': 'Rückstand, neuer Liefertermin',
    'line.cancelled': 'Position storniert',
    'line.shipped': 'Position versandt',
    'line.delivered': 'Position geliefert',
    'line.returned': 'Position zurückgegeben',
    'return.requested': 'Rückgabe angefragt',
    'return.accepted': 'Rückgabe angenommen',
    'return.refused': 'Rückgabe abgelehnt',
  },
  en: {
    'inquiry.sent': 'Inquiry sent',
    'inquiry.quoted': 'Quote received',
    'inquiry.allAnswered': 'Every dealer has answered',
    'inquiry.closed': 'Inquiry closed',
    'inquiry.cancelled': 'Inquiry cancelled',
    'inquiry.ordered': 'Ordered from the inquiry',
    'recipient.seen': 'Inquiry seen by the dealer',
    'recipient.answered': 'Dealer answered',
    'recipient.declined': 'Dealer declined',
    'recipient.expired': 'Inquiry expired for the dealer',
    'order.placed': 'Order placed',
    'order.confirmed': 'Order confirmed',
    'order.shipped': 'Order shipped',
    'order.delivered': 'Order delivered',
    'order.cancelled': 'Order cancelled',
    'line.confirmed': 'Line confirmed',
    'line.backorder': 'Backorder, new delivery date',
    'line.cancelled': 'Line cancelled',
    'line.shipped': 'Line shipped',
    'line.delivered': 'Line delivered',
    'line.returned': 'Line returned',
    'return.requested': 'Return requested',
    'return.accepted': 'Return accepted',
    'return.refused': 'Return refused',
  },
};

const TEXTS: Record<ServerLocale, StatementTexts> = {
  de: {
    title: 'Verzugsbestätigung',
    claimNumber: 'Schadennummer',
    representedBy: 'Vertreten durch',
    register: 'Handelsregister',
    vatId: 'USt-IdNr.',
    workshop: 'Werkstatt',
    workshops: 'Werkstätten',
    dealer: 'Teilehändler',
    orders: 'Bestellungen',
    claimValue: 'Gesamtwert',
    orderValue: 'Bestellwert',
    netPrice: (unit, total) => `Nettopreis: ${unit} je Stück, ${total} gesamt`,
    cancelled: 'Storniert.',
    cancelledOn: (date) => `Storniert am ${date}.`,
    vehicle: 'Fahrzeug',
    orderPlaced: 'Bestellt am',
    sharedOn: 'Freigegeben am',
    issuedOn: 'Erstellt am',
    lines: 'Teile',
    requested: 'Angefragt',
    delivered: 'Geliefert',
    origin: { oe: 'OE-Teil', equivalent: 'Gleichwertiges Teil' },
    promised: 'Zugesagt für',
    deliveredOn: 'Geliefert am',
    notDelivered: 'noch nicht geliefert',
    noPromise: 'kein Termin zugesagt',
    delay: (days) => `Verzug: ${days} ${days === 1 ? 'Tag' : 'Tage'}`,
    stillOpen: '(noch offen)',
    status: {
      placed: 'bestellt',
      confirmed: 'bestätigt',
      backorder: 'im Rückstand',
      cancelled: 'storniert',
      shipped: 'versandt',
      delivered: 'geliefert',
      returned: 'zurückgegeben',
    },
    history: 'Verlauf',
    noHistory: 'Keine Ereignisse.',
    etaGiven: 'neuer Termin',
    event: (kind) => (isTradeEventKind(kind) ? EVENT_KIND_TEXTS.de[kind] : kind),
    equivalentShare: (percent) => `Anteil gleichwertiger Teile: ${percent}`,
    maxDelay: (days) => `Größter Verzug: ${days} ${days === 1 ? 'Tag' : 'Tage'}`,
    footer: 'Aus dem Ereignisprotokoll des Teileportals erstellt; jede Änderung ist dort mit Zeitpunkt festgehalten.',
  },
  en: {
    title: 'Delay statement',
    claimNumber: 'Claim number',
    representedBy: 'Represented by',
    register: 'Commercial register',
    vatId: 'VAT ID',
    workshop: 'Workshop',
    workshops: 'Workshops',
    dealer: 'Parts dealer',
    orders: 'Orders',
    claimValue: 'Total value',
    orderValue: 'Order value',
    netPrice: (unit, total) => `Net price: ${unit} each, ${total} in total`,
    cancelled: 'Cancelled.',
    cancelledOn: (date) => `Cancelled on ${date}.`,
    vehicle: 'Vehicle',
    orderPlaced: 'Ordered on',
    sharedOn: 'Shared on',
    issuedOn: 'Issued on',
    lines: 'Parts',
    requested: 'Requested',
    delivered: 'Delivered',
    origin: { oe: 'OE part', equivalent: 'Equivalent part' },
    promised: 'Promised for',
    deliveredOn: 'Delivered on',
    notDelivered: 'not delivered yet',
    noPromise: 'no date promised',
    delay: (days) => `Delay: ${days} ${days === 1 ? 'day' : 'days'}`,
    stillOpen: '(still open)',
    status: {
      placed: 'placed',
      confirmed: 'confirmed',
      backorder: 'on backorder',
      cancelled: 'cancelled',
      shipped: 'shipped',
      delivered: 'delivered',
      returned: 'returned',
    },
    history: 'History',
    noHistory: 'No events.',
    etaGiven: 'new date',
    event: (kind) => (isTradeEventKind(kind) ? EVENT_KIND_TEXTS.en[kind] : kind),
    equivalentShare: (percent) => `Share of equivalent parts: ${percent}`,
    maxDelay: (days) => `Largest delay: ${days} ${days === 1 ? 'day' : 'days'}`,
    footer: 'Generated from the Teileportal event log, where every change is recorded with its time.',
  },
};

/** The file name of a claim's statement: its claim number with only safe characters, and the language. */
export function statementFileName(claimNumber: string, locale: ServerLocale) {
  const safe = claimNumber.replace(/[^A-Z0-9-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `${locale === 'de' ? 'Verzugsbestaetigung' : 'delay-statement'}-${safe}.pdf`;
}

function lineEvents(line: ClaimLine, events: readonly TradeEvent[]) {
  return events.filter((event) => event.entity === 'line' && event.entity_id === line.id);
}

/**
 * Renders the statement of a claim — every order shared under its claim number, with prices —
 * on the operator's letterhead (COMPANY_*); resolves with the PDF's bytes.
 */
export function renderDelayStatement(
  claim: ClaimDetail,
  locale: ServerLocale,
  company: CompanySettings,
): Promise<Buffer> {
  const texts = TEXTS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${texts.title} ${claim.claim_number}`, Author: company.name, Subject: claim.claim_number },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const date = (value: string) => formatDate(value, locale);
  const time = (instant: string) => formatDateTime(instant, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };

  // The letterhead: the operator's company as its settings name it.
  doc.font('Helvetica-Bold').fontSize(12).text(company.name);
  doc.font('Helvetica').fontSize(9).text(company.address);
  const legal = [
    company.representative ? `${texts.representedBy}: ${company.representative}` : '',
    company.register ? `${texts.register}: ${company.register}` : '',
    company.vatId ? `${texts.vatId}: ${company.vatId}` : '',
  ].filter((part) => part !== '');
  if (legal.length > 0) doc.text(legal.join(' · '));
  doc.moveDown(0.4);
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke();
  doc.moveDown(1);

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(`${texts.title} – ${claim.claim_number}`);
  doc.moveDown(0.3).fontSize(10);
  field(texts.claimNumber, claim.claim_number);
  field(claim.workshop_names.length === 1 ? texts.workshop : texts.workshops, claim.workshop_names.join(', '));
  field(texts.vehicle, claim.vehicles.map((vehicle) => formatVehicle(vehicle, locale)).join('; '));
  field(texts.orders, claim.orders.map((order) => formatOrderReference(order.order_id, locale)).join(', '));
  field(texts.claimValue, money(claim.total_cents));
  field(texts.issuedOn, date(claim.today));
  doc.moveDown(0.3);
  doc.text(texts.maxDelay(claim.max_delay_days));
  doc.text(texts.equivalentShare(formatShare(claim.equivalent_share, locale)));

  for (const order of claim.orders) {
    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(14).text(formatOrderReference(order.order_id, locale));
    doc.moveDown(0.2).fontSize(10);
    field(texts.dealer, order.dealer_name);
    field(texts.workshop, order.workshop_name);
    field(texts.vehicle, formatVehicle(order.vehicle, locale));
    field(texts.orderValue, money(order.total_cents));
    field(texts.orderPlaced, date(portalDateOf(order.placed_at)));
    field(texts.sharedOn, time(order.shared_at));

    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(texts.lines);
    for (const [index, line] of order.lines.entries()) {
      const cancelled = line.status === 'cancelled';
      const history = lineEvents(line, order.events);
      doc.moveDown(0.6).fontSize(11).font('Helvetica-Bold');
      doc.text(`${index + 1}. ${formatLineName(line)} ${line.brand}`.trim());
      doc.fontSize(10).font('Helvetica');
      const facts = [line.description, `${formatQuantity(line.quantity, locale)} ×`, texts.origin[line.origin]];
      doc.text([...facts, ...(cancelled ? [] : [texts.status[line.status]])].join(' · '));
      if (line.origin === 'equivalent') {
        doc.text(`${texts.requested}: ${line.requested_part_number} → ${texts.delivered}: ${line.part_number}`);
      }
      doc.text(texts.netPrice(money(line.net_price_cents), money(line.net_price_cents * line.quantity)));
      if (cancelled) {
        // A cancelled line says so, and nothing of promises, deliveries or delays (issue 24 §7).
        const cancelledAt = history.findLast((event) => event.kind === 'line.cancelled')?.at;
        doc
          .font('Helvetica-Bold')
          .text(cancelledAt ? texts.cancelledOn(date(portalDateOf(cancelledAt))) : texts.cancelled)
          .font('Helvetica');
        continue;
      }
      doc.text(`${texts.promised}: ${line.promised_on ? date(line.promised_on) : texts.noPromise}`);
      doc.text(`${texts.deliveredOn}: ${line.delivered_on ? date(line.delivered_on) : texts.notDelivered}`);
      if (line.delay_days !== null) {
        doc
          .font('Helvetica-Bold')
          .text(`${texts.delay(line.delay_days)}${line.delivered_on === null ? ` ${texts.stillOpen}` : ''}`)
          .font('Helvetica');
      }
      doc.moveDown(0.2).font('Helvetica-Oblique').text(`${texts.history}:`).font('Helvetica');
      if (history.length === 0) doc.text(texts.noHistory, { indent: 12 });
      for (const event of history) {
        const eta = typeof event.details.eta === 'string' ? ` – ${texts.etaGiven} ${date(event.details.eta)}` : '';
        doc.text(`${time(event.at)}  ${texts.event(event.kind)}${eta}`, { indent: 12 });
      }
    }
  }

  doc.moveDown(1.5).fontSize(8).fillColor('#555555').text(texts.footer);
  doc.end();
  return done;
}
