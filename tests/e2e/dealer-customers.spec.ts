import type { Page } from '@playwright/test';
import { dealerWithUser, type Language, verifiedWorkshopFromWizard } from './dealer-support';
import { expect, expectNoAccessibilityViolations, logInThroughForm, test, useLanguage } from './support';

const PASSWORD = 'Ersatzteile-Lager-2026';

/**
 * A verified dealer with its first dealer user (registered, verified by an administrator, the
 * contact registered through the invitation), and two workshops that chose its tile in the
 * wizard's step 3 with their customer number: one speaking German, one English (their mails follow).
 */
async function dealerWithTwoRequests(page: Page, baseURL: string | undefined, language: Language) {
  const stamp = `${Date.now()}-${language}`;
  const dealer = { name: `Teile Nord ${stamp}`, email: `haendler-${stamp}@teile-nord.de` };
  const { partDealerId } = await dealerWithUser(page, baseURL, {
    language,
    email: dealer.email,
    company: dealer.name,
    city: 'Kiel',
    password: PASSWORD,
  });
  const workshops = [
    {
      name: `Autohaus Annahme ${stamp}`,
      owner_email: `annahme-${stamp}@werkstatt-test.de`,
      customer_number: language === 'de' ? '100001' : '100003',
      locale: 'de',
    },
    {
      name: `Karosserie Absage ${stamp}`,
      owner_email: `absage-${stamp}@werkstatt-test.de`,
      customer_number: language === 'de' ? '200002' : '200004',
      locale: 'en',
    },
  ] as const;
  for (const workshop of workshops) {
    await verifiedWorkshopFromWizard(page, baseURL, {
      language: workshop.locale,
      email: workshop.owner_email,
      name: workshop.name,
      password: PASSWORD,
      dealers: [{ part_dealer_id: partDealerId, part_dealer_customer_number: Number(workshop.customer_number) }],
    });
  }
  return { dealer, workshops };
}

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    nav: 'Kunden',
    heading: 'Kunden',
    list: 'Werkstätten',
    accept: 'Bestätigen',
    decline: 'Ablehnen',
    acceptTitle: 'Kundennummer bestätigen?',
    declineTitle: 'Verbindung ablehnen?',
    reason: 'Begründung (die Werkstatt sieht sie)',
    reasonRequired: 'Bitte nennen Sie einen Grund.',
    accepted: 'Die Kundennummer ist bestätigt; die Verbindung ist aktiv.',
    declined: 'Die Verbindung wurde abgelehnt.',
    status: 'Status',
    active: 'Aktiv',
    requestedStatus: 'Angefragt',
    declinedStatus: 'Abgelehnt',
    empty: 'Keine Werkstätten mit diesem Status.',
    declineReason: 'Diese Kundennummer ist bei uns nicht vergeben.',
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    nav: 'Customers',
    heading: 'Customers',
    list: 'Workshops',
    accept: 'Accept',
    decline: 'Decline',
    acceptTitle: 'Confirm the customer number?',
    declineTitle: 'Decline the connection?',
    reason: 'Reason (the workshop reads it)',
    reasonRequired: 'Please give a reason.',
    accepted: 'The customer number is confirmed; the connection is active.',
    declined: 'The connection has been declined.',
    status: 'Status',
    active: 'Active',
    requestedStatus: 'Requested',
    declinedStatus: 'Declined',
    empty: 'No workshops with this status.',
    declineReason: 'We have no customer with this number.',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  const words = copy[language];
  test(`${language}: a dealer accepts one workshop's customer number and declines another with a reason`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, language);
    const fixture = await dealerWithTwoRequests(page, baseURL, language);
    const [accepted, declined] = fixture.workshops;
    await page.goto('/login');
    await logInThroughForm(page, fixture.dealer.email, PASSWORD, words.login);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: words.nav }).click();
    await expect(page).toHaveURL(/\/dealer\/customers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);

    const acceptedRow = page.getByRole('row').filter({ hasText: accepted.name });
    const declinedRow = page.getByRole('row').filter({ hasText: declined.name });
    await expect(acceptedRow).toContainText(accepted.customer_number);
    await expect(acceptedRow).toContainText(accepted.owner_email);
    await expect(declinedRow).toContainText(declined.customer_number);
    await expectNoAccessibilityViolations(page);

    await acceptedRow.getByRole('button', { name: words.accept }).click();
    const acceptDialog = page.getByRole('dialog');
    await expect(acceptDialog).toContainText(words.acceptTitle);
    await expectNoAccessibilityViolations(page);
    await acceptDialog.getByRole('button', { name: words.accept }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText(words.accepted)).toBeVisible();
    // The list shows every customer, open requests first (issue 24 §8): the accepted one stays,
    // now active with no decision left, and focus is on the list.
    await expect(acceptedRow).toContainText(words.active);
    await expect(acceptedRow.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: words.list })).toBeFocused();

    await declinedRow.getByRole('button', { name: words.decline }).click();
    const declineDialog = page.getByRole('dialog');
    await expect(declineDialog).toContainText(words.declineTitle);
    await declineDialog.getByRole('button', { name: words.decline }).click();
    await expect(declineDialog.getByRole('alert')).toHaveText(words.reasonRequired);
    await expectNoAccessibilityViolations(page);
    await declineDialog.getByLabel(words.reason).fill(words.declineReason);
    await declineDialog.getByRole('button', { name: words.decline }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText(words.declined)).toBeVisible();
    await expect(declinedRow).toContainText(words.declinedStatus);
    await expect(declinedRow.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: words.list })).toBeFocused();

    // A reload shows the same: no open request left, one active, one declined with its reason.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
    await expect(acceptedRow).toContainText(words.active);
    await expect(declinedRow).toContainText(words.declinedStatus);
    await page.getByLabel(words.status).selectOption({ label: words.requestedStatus });
    await expect(page.getByText(words.empty)).toBeVisible();
    await page.getByLabel(words.status).selectOption({ label: words.active });
    await expect(acceptedRow).toContainText(words.active);
    await expect(acceptedRow.getByRole('button')).toHaveCount(0);
    await expect(declinedRow).toHaveCount(0);
    await page.getByLabel(words.status).selectOption({ label: words.declinedStatus });
    await expect(declinedRow).toContainText(words.declineReason);
    await expect(acceptedRow).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    // Each workshop's owner is told in the owner's language (one German, one English).
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: accepted.owner_email })
          .filter({ hasText: `${fixture.dealer.name} hat Ihre Kundennummer bestätigt` }),
      ).toHaveCount(1);
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: declined.owner_email })
          .filter({ hasText: `${fixture.dealer.name} declined your connection request` }),
      ).toHaveCount(1);
    }).toPass({ timeout: 10_000 });
  });
}
