import { html, raw } from 'hono/html';
import type { OrderHandover } from '../../common/contracts/trading';
import {
  formatDate,
  formatInquiryReference,
  formatLineTitle,
  formatMoney,
  formatOrderReference,
  formatQuantity,
  formatVehicle,
  type VehicleFacts,
} from '../../common/format/formats';
import type { ServerLocale } from '../i18n';

export type RenderedMail = { subject: string; text: string; html: string };

/** What the code hands each mail. */
type MailParams = {
  passwordReset: { firstName: string; resetUrl: string; validMinutes: number };
  passwordChanged: { firstName: string; loginUrl: string };
  signUpReceived: { firstName: string };
  signUpAlreadyRegistered: { firstName: string; loginUrl: string; forgotUrl: string };
  accountAwaitsReview: { name: string; company: string; email: string; reviewUrl: string };
  accountActivated: { firstName: string; loginUrl: string };
  invitationRequestReceived: { workshopName: string };
  invitationRequestAwaitsReview: { workshopName: string; email: string; reviewUrl: string };
  workshopInvitation: { workshopName: string; onboardingUrl: string; validDays: number };
  invitationRejected: { workshopName: string; reason: string };
  userInvitation: { firstName: string; companyName: string; registrationUrl: string; validDays: number };
  dealerRegistrationReceived: { firstName: string; companyName: string };
  dealerAwaitsReview: { companyName: string; email: string; reviewUrl: string };
  dealerDecision: { firstName: string; companyName: string; verified: boolean; reason: string };
  contactMessage: { name: string; email: string; info: string };
  relationAccepted: RelationDecisionParams;
  relationDeclined: RelationDecisionParams & { reason: string };
  tradeEvent: { firstName: string; item: TradeMailItem };
  tradeDigest: { firstName: string; items: TradeMailItem[] };
};

/**
 * One logged trade event as a mail tells it (server/trade/trade-mail-worker.ts): its kind, the
 * inquiry or order it concerns, the event's details, and the link to that page for this reader.
 */
export type TradeMailItem = {
  kind: string;
  inquiryId: number;
  orderId: number | null;
  workshopName: string;
  vehicle: VehicleFacts;
  details: Record<string, string | number | boolean | null>;
  url: string;
  /** A new order's lines, told in its mail (issue 24 §8); absent for every other event. */
  orderLines?: TradeMailOrderLine[];
  /** How a new order reaches the workshop and its note to the dealer (issue 24 §9); absent for every other event. */
  handover?: { handover: OrderHandover; note: string };
};

/** One ordered line as the dealer's new-order mail lists it. */
export type TradeMailOrderLine = {
  part_number: string;
  description: string;
  brand: string;
  quantity: number;
  net_price_cents: number;
};

const detailText = (item: TradeMailItem, key: string) => {
  const value = item.details[key];
  return typeof value === 'string' && value !== '' ? value : null;
};
/** A date from an event (an ETA, YYYY-MM-DD) as the reader's language writes it. */
const detailDate = (item: TradeMailItem, key: string, locale: ServerLocale) => {
  const value = detailText(item, key);
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatDate(value, locale);
};
/** What a trade mail says of its item in the reader's language: the inquiry, the order (if any), the vehicle. */
const itemWords = (item: TradeMailItem, locale: ServerLocale) => ({
  inquiry: formatInquiryReference(item.inquiryId, locale),
  order: item.orderId === null ? '' : formatOrderReference(item.orderId, locale),
  vehicle: formatVehicle(item.vehicle, locale),
});
const detailNumber = (item: TradeMailItem, key: string) => {
  const value = item.details[key];
  return typeof value === 'number' ? value : null;
};

/** What a new order's mail says of its handover and note, in one language. */
type HandoverWords = { heading: string; handover: string; handovers: Record<OrderHandover, string>; note: string };

/**
 * A new order's lines as its mail lists them ("2 × 1K0 615 301 AA – Bremsscheibe vorne (ATE), 10,00 € each"
 * in the reader's language), then delivery or pickup and the workshop's note; nothing for other events.
 */
function orderedLinesText(item: TradeMailItem, locale: ServerLocale, words: HandoverWords): string[] {
  const lines = item.orderLines ?? [];
  if (lines.length === 0) return [];
  const each = locale === 'de' ? 'je Stück netto' : 'each, net';
  return [
    words.heading,
    ...lines.map((line) => {
      const brand = line.brand ? ` (${line.brand})` : '';
      const price = formatMoney(line.net_price_cents, locale);
      return `${formatQuantity(line.quantity, locale)} × ${formatLineTitle(line)}${brand}, ${price} ${each}`;
    }),
    ...(item.handover ? [`${words.handover}: ${words.handovers[item.handover.handover]}`] : []),
    ...(item.handover?.note ? [`${words.note}: ${item.handover.note}`] : []),
  ];
}

/** A dealer's decision on a workshop's relation, told to the workshop's owner. */
type RelationDecisionParams = {
  firstName: string;
  workshopName: string;
  dealerName: string;
  customerNumber: string;
  suppliersUrl: string;
};
type MailName = keyof MailParams;

/** One mail's words in one language: its subject, its paragraphs, and the label of its link. */
type MailWords = { subject: string; lines: string[]; action?: string };

/**
 * Every word the mails use, per language. Typed as a record over the locales with one catalog
 * type, so a mail or phrase missing in either language fails the type check.
 */
type MailCatalog = {
  hello: string;
  helloName: (firstName: string) => string;
  formalHello: string;
  teamClosing: string;
  footer: string;
  reason: (reason: string) => string;
  /** One line telling a trade event (subject of a single mail, an entry of a digest). */
  tradeEvent: (item: TradeMailItem) => string;
  /** A new order's lines, delivery or pickup and the workshop's note, below the line telling it (issue 24 §8, §9). */
  orderedLines: (item: TradeMailItem) => string[];
  mails: { [Name in MailName]: (params: MailParams[Name]) => MailWords };
};

const catalogs: Record<ServerLocale, MailCatalog> = {
  de: {
    hello: 'Hallo,',
    helloName: (firstName) => `Hallo ${firstName},`,
    formalHello: 'Guten Tag,',
    teamClosing: 'Ihr Teileportal-Team',
    footer: 'Teileportal · Pilotphase · Diese E-Mail wurde automatisch erstellt.',
    reason: (reason) => `Begründung: ${reason}`,
    orderedLines: (item) =>
      orderedLinesText(item, 'de', {
        heading: 'Bestellte Positionen:',
        handover: 'Lieferart',
        handovers: { delivery: 'Lieferung', pickup: 'Abholung durch die Werkstatt' },
        note: 'Hinweis der Werkstatt',
      }),
    tradeEvent: (item) => {
      const eta = detailDate(item, 'eta', 'de');
      const { inquiry, order, vehicle } = itemWords(item, 'de');
      const reason = detailText(item, 'reason');
      const lines = detailNumber(item, 'lines');
      switch (item.kind) {
        case 'inquiry.received':
          return `Neue ${inquiry} von ${item.workshopName} (${vehicle}${lines === null ? '' : `, ${lines} ${lines === 1 ? 'Position' : 'Positionen'}`})`;
        case 'inquiry.allAnswered':
          return `Alle Händler haben auf Ihre ${inquiry} (${vehicle}) geantwortet`;
        case 'inquiry.closed':
          return `Ihre ${inquiry} (${vehicle}) ist geschlossen; Sie können aus den erhaltenen Angeboten bestellen`;
        case 'order.placed':
          return `Neue ${order} von ${item.workshopName} (${vehicle})`;
        case 'line.backorder':
          return `${order} (${vehicle}): eine Position ist im Rückstand${eta ? `, neuer Liefertermin ${eta}` : ''}`;
        case 'line.cancelled':
          return `${order} (${vehicle}): eine Position wurde storniert${reason ? ` (${reason})` : ''}`;
        default:
          return `Neuigkeit zu ${order || inquiry} (${vehicle})`;
      }
    },
    mails: {
      passwordReset: (p) => ({
        subject: 'Ihr Link zum Zurücksetzen des Passworts',
        lines: [
          'Sie haben einen Link zum Zurücksetzen Ihres Passworts für das Teileportal angefordert.',
          `Der Link ist ${p.validMinutes} Minuten gültig und kann nur einmal verwendet werden. Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.`,
        ],
        action: 'Passwort zurücksetzen',
      }),
      passwordChanged: () => ({
        subject: 'Ihr Passwort wurde geändert',
        lines: [
          'Das Passwort Ihres Teileportal-Kontos wurde soeben geändert. Alle bestehenden Anmeldungen wurden beendet.',
          'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie unseren Support.',
        ],
        action: 'Zur Anmeldung',
      }),
      signUpReceived: () => ({
        subject: 'Wir haben Ihre Registrierung erhalten',
        lines: [
          'vielen Dank für Ihre Registrierung beim Teileportal. In der Pilotphase prüfen wir jedes Konto von Hand.',
          'Sobald Ihr Konto freigeschaltet ist, erhalten Sie eine weitere E-Mail und können sich anmelden.',
        ],
      }),
      signUpAlreadyRegistered: (p) => ({
        subject: 'Registrierung mit Ihrer E-Mail-Adresse',
        lines: [
          'gerade wollte sich jemand mit Ihrer E-Mail-Adresse beim Teileportal registrieren. Sie haben bereits ein Konto.',
          `Wenn Sie das waren, melden Sie sich einfach an. Passwort vergessen? ${p.forgotUrl}`,
        ],
        action: 'Zur Anmeldung',
      }),
      accountAwaitsReview: (p) => ({
        subject: `Neue Registrierung: ${p.company}`,
        lines: [`${p.name} (${p.email}) hat für ${p.company} ein Konto registriert. Es wartet auf Ihre Prüfung.`],
        action: 'Konten prüfen',
      }),
      accountActivated: () => ({
        subject: 'Ihr Teileportal-Konto ist freigeschaltet',
        lines: ['wir haben Ihr Konto geprüft und freigeschaltet. Sie können sich ab sofort anmelden.'],
        action: 'Zur Anmeldung',
      }),
      invitationRequestReceived: (p) => ({
        subject: 'Ihre Einladungsanfrage beim Teileportal',
        lines: [
          `vielen Dank für Ihre Anfrage für ${p.workshopName}. In der Pilotphase prüfen wir jede Anfrage von Hand.`,
          'Sobald Ihre Anfrage freigegeben ist, erhalten Sie eine Einladung mit einem Link zur Einrichtung Ihres Kontos.',
        ],
      }),
      invitationRequestAwaitsReview: (p) => ({
        subject: `Neue Einladungsanfrage: ${p.workshopName}`,
        lines: [`${p.email} bittet für ${p.workshopName} um eine Einladung.`],
        action: 'Anfragen prüfen',
      }),
      workshopInvitation: (p) => ({
        subject: 'Ihre Einladung zum Teileportal',
        lines: [
          `Ihre Anfrage für ${p.workshopName} ist freigegeben. Über den folgenden Link legen Sie Ihr Konto an und hinterlegen Ihr DMS und Ihre Teilelieferanten.`,
          `Der Link ist ${p.validDays} Tage gültig und kann einmal zur Kontoanlage verwendet werden.`,
        ],
        action: 'Konto einrichten',
      }),
      invitationRejected: (p) => ({
        subject: 'Ihre Einladungsanfrage beim Teileportal',
        lines: [`leider können wir Ihre Anfrage für ${p.workshopName} in der Pilotphase nicht annehmen.`],
      }),
      userInvitation: (p) => ({
        subject: 'Einladung zum Teileportal',
        lines: [
          `Sie wurden eingeladen, für ${p.companyName} ein Konto im Teileportal anzulegen.`,
          `Der Link ist ${p.validDays} Tage gültig und kann einmal verwendet werden.`,
        ],
        action: 'Jetzt registrieren',
      }),
      dealerRegistrationReceived: (p) => ({
        subject: 'Ihre Registrierung als Teilehändler',
        lines: [
          `vielen Dank für die Registrierung von ${p.companyName}. In der Pilotphase prüfen wir jede Registrierung von Hand und melden uns per E-Mail.`,
        ],
      }),
      dealerAwaitsReview: (p) => ({
        subject: `Neue Händlerregistrierung: ${p.companyName}`,
        lines: [`${p.companyName} (${p.email}) hat sich als Teilehändler registriert.`],
        action: 'Registrierungen prüfen',
      }),
      dealerDecision: (p) => ({
        subject: 'Ihre Registrierung als Teilehändler',
        lines: [
          p.verified
            ? `die Registrierung von ${p.companyName} ist geprüft und bestätigt. Wir melden uns zu den nächsten Schritten.`
            : `leider können wir die Registrierung von ${p.companyName} in der Pilotphase nicht annehmen.`,
        ],
      }),
      contactMessage: (p) => ({
        subject: `Kontaktanfrage von ${p.name}`,
        lines: [`${p.name} (${p.email}) schreibt über das Kontaktformular:`, p.info],
      }),
      relationAccepted: (p) => ({
        subject: `${p.dealerName} hat Ihre Kundennummer bestätigt`,
        lines: [
          `${p.dealerName} hat die Kundennummer ${p.customerNumber} von ${p.workshopName} bestätigt. Die Verbindung ist jetzt aktiv.`,
        ],
        action: 'Lieferanten ansehen',
      }),
      relationDeclined: (p) => ({
        subject: `${p.dealerName} hat Ihre Verbindungsanfrage abgelehnt`,
        lines: [
          `${p.dealerName} hat die Verbindung mit ${p.workshopName} (Kundennummer ${p.customerNumber}) abgelehnt.`,
        ],
        action: 'Lieferanten ansehen',
      }),
      tradeEvent: (p) => ({
        subject: catalogs.de.tradeEvent(p.item),
        lines: [`${catalogs.de.tradeEvent(p.item)}.`, ...catalogs.de.orderedLines(p.item)],
        action: p.item.orderId === null ? 'Anfrage öffnen' : 'Bestellung öffnen',
      }),
      tradeDigest: (p) => ({
        subject: `${p.items.length} Neuigkeiten im Teileportal`,
        lines: [
          'seit unserer letzten E-Mail gibt es Neues zu Ihren Anfragen und Bestellungen:',
          ...p.items.map((item) => `${catalogs.de.tradeEvent(item)}: ${item.url}`),
        ],
      }),
    },
  },
  en: {
    hello: 'Hello,',
    helloName: (firstName) => `Hello ${firstName},`,
    formalHello: 'Hello,',
    teamClosing: 'Your Teileportal team',
    footer: 'Teileportal · pilot phase · This e-mail was generated automatically.',
    reason: (reason) => `Reason: ${reason}`,
    orderedLines: (item) =>
      orderedLinesText(item, 'en', {
        heading: 'Ordered lines:',
        handover: 'Delivery',
        handovers: { delivery: 'Delivery', pickup: 'Pickup by the workshop' },
        note: "Workshop's note",
      }),
    tradeEvent: (item) => {
      const eta = detailDate(item, 'eta', 'en');
      const { inquiry, order, vehicle } = itemWords(item, 'en');
      const reason = detailText(item, 'reason');
      const lines = detailNumber(item, 'lines');
      switch (item.kind) {
        case 'inquiry.received':
          return `${item.workshopName} sent ${inquiry} (${vehicle}${lines === null ? '' : `, ${lines} ${lines === 1 ? 'line' : 'lines'}`})`;
        case 'inquiry.allAnswered':
          return `${inquiry} (${vehicle}): every dealer has answered`;
        case 'inquiry.closed':
          return `${inquiry} (${vehicle}) is closed; you can order from the quotes you received`;
        case 'order.placed':
          return `${item.workshopName} placed ${order} (${vehicle})`;
        case 'line.backorder':
          return `${order} (${vehicle}): a line is on backorder${eta ? `, new delivery date ${eta}` : ''}`;
        case 'line.cancelled':
          return `${order} (${vehicle}): a line was cancelled${reason ? ` (${reason})` : ''}`;
        default:
          return `News about ${order || inquiry} (${vehicle})`;
      }
    },
    mails: {
      passwordReset: (p) => ({
        subject: 'Your password reset link',
        lines: [
          'You asked for a link to reset your Teileportal password.',
          `The link is valid for ${p.validMinutes} minutes and can be used once. If this was not you, you can ignore this e-mail.`,
        ],
        action: 'Reset password',
      }),
      passwordChanged: () => ({
        subject: 'Your password was changed',
        lines: [
          'The password of your Teileportal account was just changed. All existing sessions were ended.',
          'If this was not you, reset your password at once and contact our support.',
        ],
        action: 'Go to login',
      }),
      signUpReceived: () => ({
        subject: 'We have received your registration',
        lines: [
          'thank you for registering with Teileportal. During the pilot phase we review every account by hand.',
          'As soon as your account is activated you will receive another e-mail and can log in.',
        ],
      }),
      signUpAlreadyRegistered: (p) => ({
        subject: 'Registration with your e-mail address',
        lines: [
          'someone just tried to register with your e-mail address at Teileportal. You already have an account.',
          `If that was you, simply log in. Forgot your password? ${p.forgotUrl}`,
        ],
        action: 'Go to login',
      }),
      accountAwaitsReview: (p) => ({
        subject: `New registration: ${p.company}`,
        lines: [`${p.name} (${p.email}) registered an account for ${p.company}. It awaits your review.`],
        action: 'Review accounts',
      }),
      accountActivated: () => ({
        subject: 'Your Teileportal account is active',
        lines: ['we have reviewed and activated your account. You can log in now.'],
        action: 'Go to login',
      }),
      invitationRequestReceived: (p) => ({
        subject: 'Your invitation request at Teileportal',
        lines: [
          `thank you for your request for ${p.workshopName}. During the pilot phase we review every request by hand.`,
          'Once your request is approved you will receive an invitation with a link to set up your account.',
        ],
      }),
      invitationRequestAwaitsReview: (p) => ({
        subject: `New invitation request: ${p.workshopName}`,
        lines: [`${p.email} asks for an invitation for ${p.workshopName}.`],
        action: 'Review requests',
      }),
      workshopInvitation: (p) => ({
        subject: 'Your invitation to Teileportal',
        lines: [
          `Your request for ${p.workshopName} is approved. Use the link below to create your account and add your DMS and part suppliers.`,
          `The link is valid for ${p.validDays} days and can be used once to create the account.`,
        ],
        action: 'Set up account',
      }),
      invitationRejected: (p) => ({
        subject: 'Your invitation request at Teileportal',
        lines: [`unfortunately we cannot accept your request for ${p.workshopName} during the pilot phase.`],
      }),
      userInvitation: (p) => ({
        subject: 'Invitation to Teileportal',
        lines: [
          `You have been invited to create a Teileportal account for ${p.companyName}.`,
          `The link is valid for ${p.validDays} days and can be used once.`,
        ],
        action: 'Register now',
      }),
      dealerRegistrationReceived: (p) => ({
        subject: 'Your part-dealer registration',
        lines: [
          `thank you for registering ${p.companyName}. During the pilot phase we review every registration by hand and will get back to you by e-mail.`,
        ],
      }),
      dealerAwaitsReview: (p) => ({
        subject: `New dealer registration: ${p.companyName}`,
        lines: [`${p.companyName} (${p.email}) registered as a part dealer.`],
        action: 'Review registrations',
      }),
      dealerDecision: (p) => ({
        subject: 'Your part-dealer registration',
        lines: [
          p.verified
            ? `the registration of ${p.companyName} has been reviewed and confirmed. We will be in touch about the next steps.`
            : `unfortunately we cannot accept the registration of ${p.companyName} during the pilot phase.`,
        ],
      }),
      contactMessage: (p) => ({
        subject: `Contact request from ${p.name}`,
        lines: [`${p.name} (${p.email}) writes via the contact form:`, p.info],
      }),
      relationAccepted: (p) => ({
        subject: `${p.dealerName} confirmed your customer number`,
        lines: [
          `${p.dealerName} confirmed customer number ${p.customerNumber} of ${p.workshopName}. The connection is now active.`,
        ],
        action: 'View suppliers',
      }),
      relationDeclined: (p) => ({
        subject: `${p.dealerName} declined your connection request`,
        lines: [
          `${p.dealerName} declined the connection with ${p.workshopName} (customer number ${p.customerNumber}).`,
        ],
        action: 'View suppliers',
      }),
      tradeEvent: (p) => ({
        subject: catalogs.en.tradeEvent(p.item),
        lines: [`${catalogs.en.tradeEvent(p.item)}.`, ...catalogs.en.orderedLines(p.item)],
        action: p.item.orderId === null ? 'Open inquiry' : 'Open order',
      }),
      tradeDigest: (p) => ({
        subject: `${p.items.length} updates at Teileportal`,
        lines: [
          'since our last e-mail there is news about your inquiries and orders:',
          ...p.items.map((item) => `${catalogs.en.tradeEvent(item)}: ${item.url}`),
        ],
      }),
    },
  },
};

function hello(locale: ServerLocale, firstName?: string) {
  return firstName ? catalogs[locale].helloName(firstName) : catalogs[locale].hello;
}

function teamClosing(locale: ServerLocale) {
  return catalogs[locale].teamClosing;
}

function portalSignature() {
  return 'Teileportal';
}

/** How a mail is framed, the same in every language: greeting, link, closing, an explained refusal. */
type MailFrame<TParams> = {
  greeting: (locale: ServerLocale, params: TParams) => string;
  link?: (params: TParams) => string;
  /** The reason a refusal gives, shown after the paragraphs when there is one. */
  reason?: (params: TParams) => string;
  /** The team's closing unless given. */
  closing?: (locale: ServerLocale) => string;
};

const byFirstName = (locale: ServerLocale, params: { firstName: string }) => hello(locale, params.firstName);
const withoutName = (locale: ServerLocale) => hello(locale);
const formally = (locale: ServerLocale) => catalogs[locale].formalHello;

function layout(
  locale: ServerLocale,
  content: { greeting: string; lines: string[]; action?: { label: string; url: string }; closing: string },
): { text: string; html: string } {
  const { footer } = catalogs[locale];
  const text = [
    content.greeting,
    '',
    ...content.lines,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    content.closing,
    '',
    '--',
    footer,
  ].join('\n');
  const body = html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>Teileportal</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${content.greeting}</p>
${raw(content.lines.map((line) => html`<p>${line}</p>`).join(''))}
${content.action ? html`<p><a href="${content.action.url}" style="display:inline-block;background:#0b5fad;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${content.action.label}</a></p><p style="font-size:13px;color:#4a5a6a">${content.action.url}</p>` : ''}
<p>${content.closing}</p>
<hr style="border:none;border-top:1px solid #d5dde5"><p style="font-size:12px;color:#4a5a6a">${footer}</p>
</body></html>`;
  return { text, html: String(body) };
}

/** A mail's renderer: the locale's words for it, put into its frame. */
function mail<Name extends MailName>(name: Name, frame: MailFrame<MailParams[Name]>) {
  return (locale: ServerLocale, params: MailParams[Name]): RenderedMail => {
    const catalog = catalogs[locale];
    const words: MailWords = catalog.mails[name](params);
    const reason = frame.reason?.(params);
    return {
      subject: words.subject,
      ...layout(locale, {
        greeting: frame.greeting(locale, params),
        lines: [...words.lines, ...(reason ? [catalog.reason(reason)] : [])],
        ...(frame.link && words.action ? { action: { label: words.action, url: frame.link(params) } } : {}),
        closing: (frame.closing ?? teamClosing)(locale),
      }),
    };
  };
}

/** Mails to the provider's own staff (administrators, the contact inbox): no name, signed by the portal. */
const toStaff = { greeting: withoutName, closing: portalSignature };

/** Every mail the portal sends, in German and English. Parameters are escaped in the HTML part. */
export const mailTemplates = {
  passwordReset: mail('passwordReset', { greeting: byFirstName, link: (p) => p.resetUrl }),
  passwordChanged: mail('passwordChanged', { greeting: byFirstName, link: (p) => p.loginUrl }),
  signUpReceived: mail('signUpReceived', { greeting: byFirstName }),
  signUpAlreadyRegistered: mail('signUpAlreadyRegistered', { greeting: byFirstName, link: (p) => p.loginUrl }),
  accountAwaitsReview: mail('accountAwaitsReview', { ...toStaff, link: (p) => p.reviewUrl }),
  accountActivated: mail('accountActivated', { greeting: byFirstName, link: (p) => p.loginUrl }),
  invitationRequestReceived: mail('invitationRequestReceived', { greeting: formally }),
  invitationRequestAwaitsReview: mail('invitationRequestAwaitsReview', { ...toStaff, link: (p) => p.reviewUrl }),
  workshopInvitation: mail('workshopInvitation', { greeting: formally, link: (p) => p.onboardingUrl }),
  invitationRejected: mail('invitationRejected', { greeting: formally, reason: (p) => p.reason }),
  userInvitation: mail('userInvitation', { greeting: byFirstName, link: (p) => p.registrationUrl }),
  dealerRegistrationReceived: mail('dealerRegistrationReceived', { greeting: byFirstName }),
  dealerAwaitsReview: mail('dealerAwaitsReview', { ...toStaff, link: (p) => p.reviewUrl }),
  // A confirmation gives no reason, whatever the administrator typed.
  dealerDecision: mail('dealerDecision', { greeting: byFirstName, reason: (p) => (p.verified ? '' : p.reason) }),
  contactMessage: mail('contactMessage', toStaff),
  relationAccepted: mail('relationAccepted', { greeting: byFirstName, link: (p) => p.suppliersUrl }),
  relationDeclined: mail('relationDeclined', {
    greeting: byFirstName,
    link: (p) => p.suppliersUrl,
    reason: (p) => p.reason,
  }),
  tradeEvent: mail('tradeEvent', { greeting: byFirstName, link: (p) => p.item.url }),
  tradeDigest: mail('tradeDigest', { greeting: byFirstName }),
} satisfies { [Name in MailName]: (locale: ServerLocale, params: MailParams[Name]) => RenderedMail };
