import PDFDocument from 'pdfkit';
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
 * The delay statement an insurer downloads for a claim (issue 15, ADR 030): generated on the
 * server with pdfkit from the same claim detail the insurer's screen shows, in the request's
 * language. PDFKit's standard fonts cover German (WinAnsi), so no font file is shipped.
 */

type StatementTexts = {
  title: string;
  claimNumber: string;
  workshop: string;
  dealer: string;
  orderValue: string;
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
    workshop: 'Werkstatt',
    dealer: 'Teilehändler',
    orderValue: 'Bestellwert',
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
    workshop: 'Workshop',
    dealer: 'Parts dealer',
    orderValue: 'Order value',
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

/** Renders the statement; resolves with the PDF's bytes. */
export function renderDelayStatement(claim: ClaimDetail, locale: ServerLocale): Promise<Buffer> {
  const texts = TEXTS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${texts.title} ${claim.claim_number}`, Author: 'Teileportal', Subject: claim.claim_number },
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
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(`${texts.title} – ${claim.claim_number}`);
  doc.moveDown(0.5).fontSize(12).text(formatOrderReference(claim.order_id, locale));
  doc.moveDown(0.3).fontSize(10);
  field(texts.claimNumber, claim.claim_number);
  field(texts.workshop, claim.workshop_name);
  field(texts.dealer, claim.dealer_name);
  field(texts.orderValue, formatMoney(claim.total_cents, locale));
  field(texts.vehicle, formatVehicle(claim.vehicle, locale));
  field(texts.orderPlaced, date(portalDateOf(claim.placed_at)));
  field(texts.sharedOn, time(claim.shared_at));
  field(texts.issuedOn, date(claim.today));
  doc.moveDown(0.3);
  doc.text(texts.maxDelay(claim.max_delay_days));
  doc.text(texts.equivalentShare(formatShare(claim.equivalent_share, locale)));

  doc.moveDown().font('Helvetica-Bold').fontSize(13).text(texts.lines);
  for (const [index, line] of claim.lines.entries()) {
    doc.moveDown(0.6).fontSize(11).font('Helvetica-Bold');
    doc.text(`${index + 1}. ${formatLineName(line)} ${line.brand}`.trim());
    doc.fontSize(10).font('Helvetica');
    doc.text(
      `${line.description} · ${formatQuantity(line.quantity, locale)} × · ${texts.origin[line.origin]} · ${texts.status[line.status]}`,
    );
    if (line.origin === 'equivalent') {
      doc.text(`${texts.requested}: ${line.requested_part_number} → ${texts.delivered}: ${line.part_number}`);
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
    const history = lineEvents(line, claim.events);
    if (history.length === 0) doc.text(texts.noHistory, { indent: 12 });
    for (const event of history) {
      const eta = typeof event.details.eta === 'string' ? ` – ${texts.etaGiven} ${date(event.details.eta)}` : '';
      doc.text(`${time(event.at)}  ${texts.event(event.kind)}${eta}`, { indent: 12 });
    }
  }

  doc.moveDown(1.5).fontSize(8).fillColor('#555555').text(texts.footer);
  doc.end();
  return done;
}
