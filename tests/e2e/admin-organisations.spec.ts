import { invitationLink, registerDealer } from './dealer-support';
import {
  ADMIN,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  registerFromInvitation,
  test,
  useLanguage,
} from './support';

/**
 * Issue 12, the administrators' side of organisations: verifying a dealer registration creates the
 * dealer organisation and invites its contact, who registers and signs in; the administrator sees
 * the organisation with its user and deactivates it, and the dealer's next navigation ends on /login.
 */
const words = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    verify: 'Verifizieren',
    referenceDealer: 'Dies ist ein Händler aus der Liste (optional)',
    verified: 'Der Händler wurde verifiziert.',
    organisationsTab: 'Organisationen',
    search: 'Nach Name suchen',
    kind: 'Art',
    dealerKind: 'Teilehändler',
    open: (name: string) => `${name} öffnen`,
    dealerUser: 'Händler-Benutzer',
    deactivate: 'Deaktivieren',
    deactivated: 'Die Organisation wurde deaktiviert; ihre Benutzer haben keinen Zugang mehr.',
    deactivatedState: 'Deaktiviert',
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    verify: 'Verify',
    referenceDealer: 'This is a dealer from the list (optional)',
    verified: 'The dealer has been verified.',
    organisationsTab: 'Organisations',
    search: 'Search by name',
    kind: 'Kind',
    dealerKind: 'Part dealer',
    open: (name: string) => `Open ${name}`,
    dealerUser: 'Dealer user',
    deactivate: 'Deactivate',
    deactivated: 'The organisation has been deactivated; its users no longer have access.',
    deactivatedState: 'Deactivated',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`${language}: verifying a dealer invites its contact; the admin sees and deactivates the organisation, the dealer is signed out`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const say = words[language];
    const stamp = Date.now();
    const email = `dealer-${language}-${stamp}@org-e2e.de`;
    const company = `Org E2E ${language.toUpperCase()} ${stamp} GmbH`;
    await registerDealer(baseURL, { language, email, company, city: 'München' });

    await useLanguage(page, language);
    await page.goto('/login');
    await logInThroughForm(page, ADMIN.email, ADMIN.password, say.login);
    await expect(page).toHaveURL(/\/users$/);
    await page.goto('/users/dealers');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: say.verify }).click();
    const dialog = page.getByRole('dialog');
    // The listed dealers without an organisation are offered; a new dealer is the default.
    await expect(dialog.getByLabel(say.referenceDealer)).toHaveValue('');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: say.verify }).click();
    await expect(page.getByText(say.verified).first()).toBeVisible();

    const link = await invitationLink(page, email, language);

    const dealer = await openPageInNewContext(browser);
    await useLanguage(dealer, language);
    await registerFromInvitation(dealer, link, language, {
      firstName: 'Dana',
      lastName: 'Dealer',
      password: 'Ersatzteile-2026',
    });
    await logInThroughForm(dealer, email, 'Ersatzteile-2026', say.login);
    await expect(dealer).not.toHaveURL(/\/login/);
    await expect(dealer.getByRole('heading', { level: 1 })).toBeVisible();
    const signedInAt = new URL(dealer.url()).pathname;

    await page.goto('/users');
    await page.getByRole('link', { name: say.organisationsTab }).click();
    await expect(page).toHaveURL(/\/users\/organisations$/);
    await page.getByLabel(say.kind, { exact: true }).selectOption({ label: say.dealerKind });
    await page.getByLabel(say.search).fill(company);
    await page.getByRole('button', { name: say.open(company) }).click();
    await expect(page.getByRole('heading', { name: company, level: 2 })).toBeFocused();
    const members = page.getByRole('row').filter({ hasText: email });
    await expect(members).toContainText(say.dealerUser);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: say.deactivate, exact: true }).click();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: say.deactivate, exact: true }).click();
    await expect(page.getByText(say.deactivated).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: company })).toContainText(say.deactivatedState);

    // The dealer's next navigation: the server refuses the session, the SPA ends on /login.
    await dealer.goto(signedInAt);
    await expect(dealer).toHaveURL(/\/login/);
  });
}
