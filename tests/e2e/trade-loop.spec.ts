import type { Browser, Page } from '@playwright/test';
import { formatDate } from '../../common/format/formats';
import { dealerWithUser, type Language, newApi, verifiedWorkshopFromWizard } from './dealer-support';
import {
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  test,
  useLanguage,
} from './support';

/**
 * Issue 13, "done when", in a browser against the real server: a workshop sends one inquiry to
 * three dealers, two dealer users answer (one declines a line, one offers an alternative), the
 * workshop sees the quotes arrive without reloading, orders split over two dealers, the dealers
 * confirm (one with a backorder), the workshop sees each change live, requests a return, and the
 * dealer accepts it. Each person works in a browser context of their own; the workshop's pages
 * are never reloaded, so every change they show arrived live.
 */
const PASSWORD = 'Ersatzteile-Handel-2026';
/** Live changes travel through the server's event log and the SSE stream: a generous wait, never a sleep. */
const LIVE = { timeout: 15_000 };
/** The workshop's own reference and its note to dealer Alpha (issue 24 §9). */
const REFERENCE = 'Auftrag 4711 · HH-AB 123';
const ORDER_NOTE = 'Wir holen die Teile gegen 15 Uhr ab.';

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    live: 'Verbunden',
    nav: { inquiries: 'Anfragen', orders: 'Bestellungen' },
    newInquiry: {
      link: 'Neue Anfrage',
      vin: 'FIN',
      vehicle: 'Fahrzeugbeschreibung',
      line: (position: number) => `Position ${position}`,
      partNumber: 'Teilenummer',
      description: 'Beschreibung',
      quantity: 'Menge',
      addLine: 'Position hinzufügen',
      send: 'Anfrage senden',
      reference: 'Ihre Referenz (Auftragsnummer / Kennzeichen / Kunde)',
    },
    inquiry: {
      title: (id: string) => `Anfrage ${id}`,
      dealers: 'Angefragte Händler',
      sent: 'Gesendet',
      seen: 'Gelesen',
      answered: 'Angebot erhalten',
      matrix: 'Angebotsvergleich: eine Zeile je Teil, eine Spalte je Händler',
      notOffered: (reason: string) => `Nicht angeboten: ${reason}`,
      alternative: (number: string, brand: string) => `Ersatzteil: ${number} ${brand}`,
      choose: (position: number, dealer: string) => `Position ${position}: bei ${dealer} bestellen`,
      order: 'Bestellen …',
      review: 'Bestellungen prüfen',
      orderAt: (dealer: string) => `Bestellung bei ${dealer}`,
      place: 'Bestellungen aufgeben',
      handoverOf: (dealer: string) => `So erhalten Sie die Teile von ${dealer}`,
      pickup: 'Abholung',
      noteTo: (dealer: string) => `Hinweis an ${dealer} (optional)`,
      pickupShown: 'Abholung durch die Werkstatt',
      orders: 'Bestellungen aus dieser Anfrage',
      ordered: 'Sie haben aus dieser Anfrage bestellt. Die Bestellungen stehen unten.',
    },
    dealer: {
      inbox: 'Anfragen Ihrer Kunden',
      new: 'Neu',
      title: (workshop: string) => `Anfrage von ${workshop}`,
      lineGroup: (position: number) => new RegExp(`^Position ${position}:`),
      price: (position: number) => `Nettopreis je Stück (€), Position ${position}`,
      availability: (position: number) => `Verfügbarkeit, Position ${position}`,
      inBranch: 'Heute in der Filiale',
      central: 'Zentrallager, 24 h',
      declineLine: 'Position ablehnen',
      declineReason: (position: number) => `Grund für die Ablehnung von Position ${position}`,
      alternativeNumber: (position: number) => `Alternative Teilenummer (optional), Position ${position}`,
      brand: (position: number) => `Marke (optional), Position ${position}`,
      sendQuote: 'Angebot senden',
      answered: /Sie haben am .+ geantwortet/,
      revise: 'Angebot ändern',
      changed: 'Diese Anfrage hat sich geändert',
      orderedFromYou: 'Die Werkstatt hat bei Ihnen bestellt.',
      openOrder: 'Bestellung öffnen',
      price1: '12,50',
      price1Shown: '12,50 €',
      price2: '39,90',
      alternativePrice: '10,80',
    },
    orders: {
      heading: 'Bestellungen',
      order: (id: string) => `Bestellung ${id}`,
      lines: 'Bestellpositionen',
      waiting: 'Wartet auf den Händler',
      confirm: 'Bestätigen',
      backorder: 'Rückstand',
      ship: 'Versenden',
      deliver: 'Als geliefert markieren',
      apply: 'Ausführen',
      eta: 'Voraussichtlicher Liefertermin',
      confirmed: 'Bestätigt',
      shipped: 'Versandt',
      delivered: 'Geliefert',
      returned: 'Zurückgegeben',
      requestReturn: 'Rückgabe anfordern',
      reason: 'Grund',
      doesNotFit: 'Passt nicht',
      returnRequested: 'Rückgabe angefordert',
      acceptReturn: 'Rückgabe annehmen',
      returnAccepted: 'Rückgabe angenommen',
      backorderedOn: (part: string, eta: string) => `Position ${part} im Rückstand, voraussichtlich am ${eta}`,
      returnAcceptedOf: (part: string) => `Rückgabe von ${part} angenommen`,
    },
    search: {
      field: 'Teilenummer, Bezeichnung, Fahrzeug oder Ihre Referenz',
      table: 'Ihre Anfragen',
      noResults: (text: string) => `Keine Ergebnisse für „${text}“.`,
      clear: 'Suche zurücksetzen',
      language: 'Sprache',
      switchTo: /^EN/,
    },
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    live: 'Live',
    nav: { inquiries: 'Inquiries', orders: 'Orders' },
    newInquiry: {
      link: 'New inquiry',
      vin: 'VIN',
      vehicle: 'Vehicle description',
      line: (position: number) => `Line ${position}`,
      partNumber: 'Part number',
      description: 'Description',
      quantity: 'Quantity',
      addLine: 'Add a line',
      send: 'Send inquiry',
      reference: 'Your reference (job number / number plate / customer)',
    },
    inquiry: {
      title: (id: string) => `Inquiry ${id}`,
      dealers: 'Dealers asked',
      sent: 'Sent',
      seen: 'Seen',
      answered: 'Quote received',
      matrix: 'Quotes compared: one row per part, one column per dealer',
      notOffered: (reason: string) => `Not offered: ${reason}`,
      alternative: (number: string, brand: string) => `Alternative: ${number} ${brand}`,
      choose: (position: number, dealer: string) => `Line ${position}: order from ${dealer}`,
      order: 'Order…',
      review: 'Check your orders',
      orderAt: (dealer: string) => `Order at ${dealer}`,
      place: 'Place orders',
      handoverOf: (dealer: string) => `How the parts from ${dealer} reach you`,
      pickup: 'Pickup',
      noteTo: (dealer: string) => `Note to ${dealer} (optional)`,
      pickupShown: 'Pickup by the workshop',
      orders: 'Orders from this inquiry',
      ordered: 'You have ordered from this inquiry. Its orders are listed below.',
    },
    dealer: {
      inbox: 'Inquiries from your customers',
      new: 'New',
      title: (workshop: string) => `Inquiry from ${workshop}`,
      lineGroup: (position: number) => new RegExp(`^Line ${position}:`),
      price: (position: number) => `Net price per unit (€), line ${position}`,
      availability: (position: number) => `Availability, line ${position}`,
      inBranch: 'In the branch today',
      central: 'Central warehouse, 24 h',
      declineLine: 'Decline this line',
      declineReason: (position: number) => `Reason for declining line ${position}`,
      alternativeNumber: (position: number) => `Alternative part number (optional), line ${position}`,
      brand: (position: number) => `Brand (optional), line ${position}`,
      sendQuote: 'Send quote',
      answered: /You answered on .+/,
      revise: 'Revise your quote',
      changed: 'This inquiry has changed',
      orderedFromYou: 'The workshop ordered from you.',
      openOrder: 'Open the order',
      price1: '12.50',
      price1Shown: '€12.50',
      price2: '39.90',
      alternativePrice: '10.80',
    },
    orders: {
      heading: 'Orders',
      order: (id: string) => `Order ${id}`,
      lines: 'Order lines',
      waiting: 'Waiting for the dealer',
      confirm: 'Confirm',
      backorder: 'Backorder',
      ship: 'Ship',
      deliver: 'Mark delivered',
      apply: 'Apply',
      eta: 'Expected delivery date',
      confirmed: 'Confirmed',
      shipped: 'Shipped',
      delivered: 'Delivered',
      returned: 'Returned',
      requestReturn: 'Request return',
      reason: 'Reason',
      doesNotFit: 'Does not fit',
      returnRequested: 'Return requested',
      acceptReturn: 'Accept return',
      returnAccepted: 'Return accepted',
      backorderedOn: (part: string, eta: string) => `Line ${part} on backorder, expected on ${eta}`,
      returnAcceptedOf: (part: string) => `Return of ${part} accepted`,
    },
    search: {
      field: 'Part number, description, vehicle or your reference',
      table: 'Your inquiries',
      noResults: (text: string) => `No results for “${text}”.`,
      clear: 'Clear search',
      language: 'Language',
      switchTo: /^DE/,
    },
  },
} as const;

type Words = (typeof copy)[Language];

/** A dealer user accepts the workshop's requested relation through the API (the Customers screen has its own spec). */
async function dealerAcceptsWorkshop(
  baseURL: string | undefined,
  language: Language,
  dealer: { email: string },
  workshopName: string,
) {
  const api = await newApi(baseURL, language);
  expect(
    (await api.post('/svc/auth/api/v1/login', { data: { email: dealer.email, password: PASSWORD } })).status(),
  ).toBe(200);
  const list = (await (await api.get('/svc/part-dealer/customers?status=requested')).json()) as {
    data: { items: { id: number; workshop_name: string }[] };
  };
  const relation = list.data.items.find((item) => item.workshop_name === workshopName);
  expect(relation).toBeDefined();
  expect((await api.post(`/svc/part-dealer/customers/${relation?.id}/accept`, { data: {} })).status()).toBe(200);
  await api.dispose();
}

/** A person signs in, in a browser context of their own, and sees the shell's live connection. */
async function signedIn(browser: Browser, language: Language, words: Words, email: string) {
  const page = await openPageInNewContext(browser);
  await useLanguage(page, language);
  await page.goto('/login');
  await logInThroughForm(page, email, PASSWORD, words.login);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: words.live })).toBeVisible(LIVE);
  return page;
}

/** The dealer opens its inbox and the inquiry from `workshopName`. */
async function dealerOpensInquiry(page: Page, words: Words, workshopName: string, checkInbox: boolean) {
  await page.getByRole('navigation').getByRole('link', { name: words.nav.inquiries, exact: true }).click();
  await expect(page).toHaveURL(/\/dealer\/inquiries/);
  const row = page.getByRole('table', { name: words.dealer.inbox }).getByRole('row').filter({ hasText: workshopName });
  await expect(row).toContainText(words.dealer.new);
  if (checkInbox) await expectNoAccessibilityViolations(page);
  await row.getByRole('link', { name: workshopName }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.dealer.title(workshopName));
}

/** The dealer opens its only order (from its orders list). */
async function dealerOpensOrder(page: Page, words: Words, orderId: string) {
  // The dealer's link also says how many orders wait for confirmation (issue 24 §8).
  await page
    .getByRole('navigation')
    .getByRole('link', { name: new RegExp(`^${words.nav.orders}( |$)`) })
    .click();
  await expect(page).toHaveURL(/\/dealer\/orders/);
  await expect(page.getByRole('link', { name: words.orders.order(orderId), exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: words.orders.order(orderId), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.orders.order(orderId));
  await expect(page.getByRole('table', { name: words.orders.lines })).toBeVisible();
  await expectNoAccessibilityViolations(page);
}

/** A line action on the dealer's order page: the line's button, then the dialog's Apply. */
async function dealerAppliesLineAction(page: Page, words: Words, action: string, part: string, eta?: string) {
  await page.getByRole('button', { name: `${action} ${part}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (eta) {
    await dialog.getByLabel(words.orders.eta).fill(eta);
    await expectNoAccessibilityViolations(page);
  }
  await dialog.getByRole('button', { name: words.orders.apply }).click();
  await expect(dialog).toBeHidden();
}

/** A calendar day `days` from today, as the date input takes it (YYYY-MM-DD). */
function isoDay(days: number) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

// A button that never appears fails at once rather than at the end of the long test's time.
test.use({ actionTimeout: 20_000 });

for (const language of ['de', 'en'] as const) {
  const words = copy[language];
  test(`${language}: one inquiry to three dealers, two answers live, orders split over two dealers, confirmed and backordered live, a return requested and accepted`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Five people, three registrations with mails, and a long live loop.
    test.setTimeout(480_000);
    const stamp = Date.now();
    const dealers = (['Alpha', 'Beta', 'Gamma'] as const).map((name) => ({
      language,
      email: `trade-${name.toLowerCase()}-${language}-${stamp}@teile-handel.de`,
      company: `Teile ${name} ${language.toUpperCase()} ${stamp}`,
      city: 'Kiel',
      password: PASSWORD,
    }));
    const workshop = {
      email: `trade-workshop-${language}-${stamp}@werkstatt-test.de`,
      name: `Autohaus Handel ${language.toUpperCase()} ${stamp}`,
    };
    const [alpha, beta, gamma] = dealers as [(typeof dealers)[0], (typeof dealers)[0], (typeof dealers)[0]];

    // Setup through the real ways in: three dealers with a first user each, a workshop naming
    // them in its wizard with customer numbers, and each dealer accepting the relation.
    const ids: number[] = [];
    for (const dealer of dealers) ids.push((await dealerWithUser(page, baseURL, dealer)).partDealerId);
    await verifiedWorkshopFromWizard(page, baseURL, {
      language,
      email: workshop.email,
      name: workshop.name,
      password: PASSWORD,
      dealers: ids.map((id, index) => ({ part_dealer_id: id, part_dealer_customer_number: 4711 + index })),
    });
    for (const dealer of dealers) await dealerAcceptsWorkshop(baseURL, language, dealer, workshop.name);

    // 1. The workshop writes the inquiry: the vehicle, a part by number and quantity, a part by description.
    const shop = await signedIn(browser, language, words, workshop.email);
    await shop.getByRole('navigation').getByRole('link', { name: words.nav.inquiries, exact: true }).click();
    await expect(shop).toHaveURL(/\/inquiries/);
    await shop.getByRole('link', { name: words.newInquiry.link }).first().click();
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(words.newInquiry.link);
    const say = words.newInquiry;
    await shop.getByLabel(say.vin, { exact: true }).fill('WVWZZZAUZHW123456');
    await shop.getByLabel(say.vehicle).fill('Golf 7 1.6 TDI');
    const line1 = shop.getByRole('group', { name: say.line(1), exact: true });
    await line1.getByLabel(say.partNumber).fill('0 986 494 123');
    await line1.getByLabel(say.quantity).fill('2');
    await shop.getByRole('button', { name: say.addLine }).click();
    const line2 = shop.getByRole('group', { name: say.line(2), exact: true });
    await line2.getByLabel(say.description).fill('Bremssattel vorne links');
    // The workshop's own reference (issue 24 §9): its lists show it, no dealer ever does.
    await shop.getByLabel(say.reference, { exact: true }).fill(REFERENCE);
    for (const dealer of dealers) await shop.getByRole('checkbox', { name: dealer.company }).check();
    await expectNoAccessibilityViolations(shop);
    await shop.getByRole('button', { name: say.send }).click();

    // 2. The inquiry page shows each dealer's state.
    await expect(shop).toHaveURL(/\/inquiries\/\d+$/);
    const inquiryId = new URL(shop.url()).pathname.split('/').pop() ?? '';
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(words.inquiry.title(inquiryId));
    const asked = shop.getByRole('table', { name: words.inquiry.dealers });
    const stateOf = (dealer: { company: string }) => asked.getByRole('row').filter({ hasText: dealer.company });
    for (const dealer of dealers) await expect(stateOf(dealer)).toContainText(words.inquiry.sent);
    await expect(shop.getByText(REFERENCE, { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(shop);

    // 3. Dealer Alpha opens it: the workshop sees "seen" live.
    const alphaPage = await signedIn(browser, language, words, alpha.email);
    await dealerOpensInquiry(alphaPage, words, workshop.name, true);
    await expect(stateOf(alpha)).toContainText(words.inquiry.seen, LIVE);
    await expect(stateOf(beta)).toContainText(words.inquiry.sent);

    // 4. Alpha offers line 1 and declines line 2 with a reason.
    const d = words.dealer;
    await alphaPage.getByLabel(d.price(1)).fill(d.price1);
    await alphaPage.getByLabel(d.availability(1)).selectOption({ label: d.inBranch });
    const alphaLine2 = alphaPage.getByRole('group', { name: d.lineGroup(2) });
    await alphaLine2.getByRole('radio', { name: d.declineLine }).check();
    const declineReason = language === 'de' ? 'Nicht am Lager, kein Lieferant' : 'Out of stock, no supplier';
    await alphaPage.getByLabel(d.declineReason(2)).fill(declineReason);
    await expectNoAccessibilityViolations(alphaPage);
    await alphaPage.getByRole('button', { name: d.sendQuote }).click();
    await expect(alphaPage.getByText(d.answered)).toBeVisible(LIVE);
    await expect(alphaPage.getByRole('heading', { name: d.revise })).toBeVisible();
    // Its own steps (opening, saving) are no news to the dealer.
    await expect(alphaPage.getByText(d.changed)).toHaveCount(0);

    // 5. The workshop sees Alpha's quote arrive in the matrix, without reloading.
    await expect(stateOf(alpha)).toContainText(words.inquiry.answered, LIVE);
    const matrix = shop.getByRole('table', { name: words.inquiry.matrix });
    await expect(matrix).toBeVisible(LIVE);
    await expect(matrix.getByText(words.inquiry.notOffered(declineReason))).toBeVisible();
    await expect(matrix.getByText(d.price1Shown)).toBeVisible();

    // 6. Dealer Beta offers an alternative for line 1 and a price for line 2.
    const betaPage = await signedIn(browser, language, words, beta.email);
    await dealerOpensInquiry(betaPage, words, workshop.name, false);
    await expect(stateOf(beta)).toContainText(words.inquiry.seen, LIVE);
    await betaPage.getByLabel(d.price(1)).fill(d.alternativePrice);
    await betaPage.getByLabel(d.availability(1)).selectOption({ label: d.central });
    await betaPage.getByLabel(d.alternativeNumber(1)).fill('BP-1234-ALT');
    await betaPage.getByLabel(d.brand(1)).fill('ATE');
    await betaPage.getByLabel(d.price(2)).fill(d.price2);
    await betaPage.getByLabel(d.availability(2)).selectOption({ label: d.inBranch });
    await betaPage.getByRole('button', { name: d.sendQuote }).click();
    await expect(betaPage.getByText(d.answered)).toBeVisible(LIVE);

    // 7. Both quotes in the matrix, live; Gamma has not answered.
    await expect(stateOf(beta)).toContainText(words.inquiry.answered, LIVE);
    await expect(matrix.getByText(words.inquiry.alternative('BP-1234-ALT', 'ATE'))).toBeVisible(LIVE);
    await expect(stateOf(gamma)).toContainText(words.inquiry.sent);
    await expectNoAccessibilityViolations(shop);

    // 8. Line 1 from Alpha, line 2 from Beta; the review shows two orders.
    await shop.getByRole('radio', { name: words.inquiry.choose(1, alpha.company) }).check();
    await shop.getByRole('radio', { name: words.inquiry.choose(2, beta.company) }).check();
    await shop.getByRole('button', { name: words.inquiry.order }).click();
    const review = shop.getByRole('dialog', { name: words.inquiry.review });
    await expect(review.getByRole('table', { name: words.inquiry.orderAt(alpha.company) })).toBeVisible();
    await expect(review.getByRole('table', { name: words.inquiry.orderAt(beta.company) })).toBeVisible();
    await expect(review.getByRole('table')).toHaveCount(2);
    // Alpha's parts are picked up, with a note; Beta delivers (the default).
    await review
      .getByRole('group', { name: words.inquiry.handoverOf(alpha.company) })
      .getByRole('radio', { name: words.inquiry.pickup, exact: true })
      .check();
    await review.getByLabel(words.inquiry.noteTo(alpha.company)).fill(ORDER_NOTE);
    await expectNoAccessibilityViolations(shop);
    await review.getByRole('button', { name: words.inquiry.place }).click();
    await expect(review).toBeHidden(LIVE);
    const placed = shop.getByRole('region', { name: words.inquiry.orders });
    const alphaOrderLink = placed.getByRole('link', { name: new RegExp(words.inquiry.orderAt(alpha.company)) });
    const betaOrderLink = placed.getByRole('link', { name: new RegExp(words.inquiry.orderAt(beta.company)) });
    await expect(alphaOrderLink).toBeVisible(LIVE);
    await expect(betaOrderLink).toBeVisible();
    const orderIdOf = async (link: typeof alphaOrderLink) =>
      ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
    const alphaOrderId = await orderIdOf(alphaOrderLink);
    const betaOrderId = await orderIdOf(betaOrderLink);
    await expect(shop.getByText(words.inquiry.ordered)).toBeVisible();
    // Beta, still on the inquiry, learns live that it was ordered from.
    await expect(betaPage.getByText(d.orderedFromYou)).toBeVisible(LIVE);
    await expect(betaPage.getByRole('link', { name: d.openOrder })).toBeVisible();

    // 9. The workshop's orders: the list, then Alpha's order here and Beta's in a second tab.
    const o = words.orders;
    await shop.getByRole('navigation').getByRole('link', { name: words.nav.orders, exact: true }).click();
    await expect(shop).toHaveURL(/\/orders/);
    await expect(shop.getByRole('link', { name: o.order(alphaOrderId), exact: true })).toBeVisible();
    await expect(shop.getByRole('link', { name: o.order(betaOrderId), exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(shop);
    await shop.getByRole('link', { name: o.order(alphaOrderId), exact: true }).click();
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(o.order(alphaOrderId));
    const alphaLines = shop.getByRole('table', { name: o.lines });
    await expect(alphaLines).toContainText(o.waiting);
    await expect(shop.getByText(REFERENCE, { exact: true })).toBeVisible();
    await expect(shop.getByText(words.inquiry.pickupShown, { exact: true })).toBeVisible();
    await expect(shop.getByText(ORDER_NOTE, { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(shop);
    const shopBeta = await shop.context().newPage();
    await shopBeta.goto(`/orders/${betaOrderId}`);
    await expect(shopBeta.getByRole('heading', { level: 1 })).toHaveText(o.order(betaOrderId));
    const betaLines = shopBeta.getByRole('table', { name: o.lines });
    await expect(betaLines).toContainText(o.waiting);

    // 10. Alpha confirms its line: the workshop sees it live.
    await dealerOpensOrder(alphaPage, words, alphaOrderId);
    // The dealer reads pickup and the note, never the workshop's own reference.
    await expect(alphaPage.getByText(words.inquiry.pickupShown, { exact: true })).toBeVisible();
    await expect(alphaPage.getByText(ORDER_NOTE, { exact: true })).toBeVisible();
    expect(await alphaPage.content()).not.toContain('HH-AB 123');
    await dealerAppliesLineAction(alphaPage, words, o.confirm, '0 986 494 123');
    await expect(alphaLines.getByRole('row').filter({ hasText: '0 986 494 123' })).toContainText(o.confirmed, LIVE);

    // 11. Beta puts its line on backorder with an ETA: the workshop sees the status and the date live.
    const eta = isoDay(10);
    const etaShown = formatDate(eta, language);
    await dealerOpensOrder(betaPage, words, betaOrderId);
    await dealerAppliesLineAction(betaPage, words, o.backorder, 'Bremssattel vorne links', eta);
    const betaRow = betaLines.getByRole('row').filter({ hasText: 'Bremssattel vorne links' });
    await expect(betaRow).toContainText(o.backorder, LIVE);
    await expect(betaRow).toContainText(etaShown);
    await expect(shopBeta.getByText(o.backorderedOn('Bremssattel vorne links', etaShown))).toBeVisible(LIVE);

    // 12. Alpha ships and delivers: the workshop sees each step live.
    const alphaRow = alphaLines.getByRole('row').filter({ hasText: '0 986 494 123' });
    await dealerAppliesLineAction(alphaPage, words, o.ship, '0 986 494 123');
    await expect(alphaRow).toContainText(o.shipped, LIVE);
    await dealerAppliesLineAction(alphaPage, words, o.deliver, '0 986 494 123');
    await expect(alphaRow).toContainText(o.delivered, LIVE);

    // 13. The workshop requests a return: it does not fit.
    await alphaRow.getByRole('button', { name: new RegExp(o.requestReturn) }).click();
    const returnDialog = shop.getByRole('dialog');
    await returnDialog.getByLabel(o.reason, { exact: true }).selectOption({ label: o.doesNotFit });
    await expectNoAccessibilityViolations(shop);
    await returnDialog.getByRole('button', { name: o.requestReturn, exact: true }).click();
    await expect(returnDialog).toBeHidden();
    await expect(alphaRow).toContainText(o.returnRequested);

    // 14. Alpha sees the request live and accepts it; the workshop sees the return accepted, live.
    const alphaDealerRow = alphaPage
      .getByRole('table', { name: o.lines })
      .getByRole('row')
      .filter({ hasText: '0 986 494 123' });
    await expect(alphaDealerRow).toContainText(o.returnRequested, LIVE);
    await alphaDealerRow.getByRole('button', { name: new RegExp(o.acceptReturn) }).click();
    const decision = alphaPage.getByRole('dialog');
    await expect(decision).toBeVisible();
    await expectNoAccessibilityViolations(alphaPage);
    await decision.getByRole('button', { name: o.acceptReturn, exact: true }).click();
    await expect(decision).toBeHidden();
    await expect(alphaRow).toContainText(o.returnAccepted, LIVE);
    await expect(alphaRow).toContainText(o.returned, LIVE);
    await expect(shop.getByText(o.returnAcceptedOf('0 986 494 123'))).toBeVisible(LIVE);

    // 8. The inquiry list's search (issue 14): the part number in another spelling finds the
    //    inquiry; the query lives in the address, so a reload and a language switch keep it.
    await shop.getByRole('navigation').getByRole('link', { name: words.nav.inquiries, exact: true }).click();
    const other = copy[language === 'de' ? 'en' : 'de'].search;
    await shop.getByRole('searchbox', { name: words.search.field }).fill('0986-494-123');
    await expect(shop).toHaveURL(/[?&]q=0986-494-123/);
    const listed = shop.getByRole('table', { name: words.search.table }).getByRole('link');
    await expect(listed).toHaveCount(1);
    await shop.reload();
    await expect(shop.getByRole('searchbox', { name: words.search.field })).toHaveValue('0986-494-123');
    await expect(listed).toHaveCount(1);
    await shop
      .getByRole('group', { name: words.search.language })
      .getByRole('button', { name: words.search.switchTo })
      .click();
    const switched = shop.getByRole('searchbox', { name: other.field });
    await expect(switched).toHaveValue('0986-494-123');
    await expect(shop.getByRole('table', { name: other.table }).getByRole('link')).toHaveCount(1);
    await switched.fill('ZZ 999 999');
    await expect(shop.getByText(other.noResults('ZZ 999 999'))).toBeVisible();
    await expectNoAccessibilityViolations(shop);
    await shop.getByRole('button', { name: other.clear }).click();
    await expect(shop).not.toHaveURL(/[?&]q=/);
    await expect(switched).toHaveValue('');
  });
}
