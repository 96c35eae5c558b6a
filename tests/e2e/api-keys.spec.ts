import { request as playwrightRequest } from '@playwright/test';
import { dealerWithCustomer, tradingParties } from './dealer-support';
import { expect, expectNoAccessibilityViolations, signInAfresh, test, useLanguage } from './support';

const PASSWORD = 'Bremsscheibe-2026';

/**
 * Issue 15, ADR 031: a workshop creates an API key in its settings (German), sees it once, a DMS
 * creates an inquiry with it that shows in the workshop's list; then (English) the workshop
 * revokes the key and the DMS is refused at once. One workshop only: the suite stays within the
 * invitation requests an hour per IP.
 */
test('a workshop creates an API key, a DMS sends an inquiry with it, the key is revoked and refused (de, en); the dealer creates an ERP key that reads the inquiry', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { stamp, dealer, workshop } = tradingParties('DMS', { city: 'Kiel', customerNumber: 4711, password: PASSWORD });
  const { dealerApi } = await dealerWithCustomer(page, baseURL, dealer, workshop);
  await dealerApi.dispose();

  // German: the key is created in the workshop's settings and shown once.
  await signInAfresh(page, workshop.email, PASSWORD);
  await page.getByRole('navigation').getByRole('link', { name: 'API-Schlüssel', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-Schlüssel');
  await expect(page.getByText('Sie haben noch keine API-Schlüssel.')).toBeVisible();
  await page.getByRole('button', { name: 'API-Schlüssel erstellen' }).click();
  const form = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
  await form.getByLabel('Registrierte Ursprünge').fill('http://dms.example.com');
  await form.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  await expect(form.getByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeVisible();
  await expect(form.getByText('Ursprünge sind https-Adressen ohne Pfad, z. B. https://dms.example.com.')).toBeVisible();
  await form.getByLabel('Name').fill('Werkstattplaner');
  await form.getByLabel('Registrierte Ursprünge').fill('https://dms.example.com');
  await expectNoAccessibilityViolations(page);
  await form.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const shown = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
  const secret = (await shown.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^tp_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
  await expectNoAccessibilityViolations(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await shown.getByRole('button', { name: 'Schlüssel kopieren' }).click();
  await expect(shown.getByRole('button', { name: 'Kopiert' })).toBeVisible();
  await shown.getByRole('button', { name: 'Fertig' }).click();
  const keys = page.getByRole('table', { name: 'Ihre API-Schlüssel' });
  await expect(keys.getByRole('rowheader', { name: 'Werkstattplaner' })).toBeVisible();
  await expect(keys.getByText(`${secret.slice(0, 13)}…`)).toBeVisible();
  // Shown once: after a reload only the prefix is there.
  await page.reload();
  await expect(keys.getByRole('rowheader', { name: 'Werkstattplaner' })).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // The DMS: its dealers, then an inquiry, with the key only.
  const dms = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}`, 'accept-language': 'de' },
  });
  const dealers = (await (await dms.get('/api/v1/dealers')).json()) as { data: { items: { relation_id: number }[] } };
  expect(dealers.data.items).toHaveLength(1);
  const inquiry = {
    vehicle: { vin: '', hsn: '', tsn: '', description: `DMS Golf ${stamp}` },
    lines: [{ part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: '' }],
    recipient_relation_ids: dealers.data.items.map((item) => item.relation_id),
    closes_in_minutes: 120,
  };
  const created = await dms.post('/api/v1/inquiries', { data: inquiry });
  expect(created.status()).toBe(200);
  expect(((await created.json()) as { message: string }).message).toBe('Die Anfrage wurde gesendet.');

  await page.getByRole('navigation').getByRole('link', { name: 'Anfragen', exact: true }).click();
  await expect(page.getByText(`DMS Golf ${stamp}`)).toBeVisible();

  // English: the workshop revokes the key; the DMS is refused at once.
  await useLanguage(page, 'en');
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
  await page.getByRole('button', { name: 'Revoke Werkstattplaner' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Werkstattplaner?' });
  await expectNoAccessibilityViolations(page);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('table', { name: 'Your API keys' }).getByText(/^Revoked on/)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const refused = await dms.post('/api/v1/inquiries', { data: inquiry, headers: { 'accept-language': 'en' } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    error: 'apiKeyInvalid',
    message: 'This API key is unknown or has been revoked.',
  });
  const withoutKey = await playwrightRequest.newContext({ baseURL });
  expect((await withoutKey.post('/api/v1/inquiries', { data: inquiry })).status()).toBe(401);
  await Promise.all([dms.dispose(), withoutKey.dispose()]);

  // Issue 25, ADR 040: the dealer creates a key for its ERP in its own settings (German), without
  // registered origins; the ERP finds the DMS's inquiry in its inbox, the workshop API stays closed.
  await signInAfresh(page, dealer.email, PASSWORD);
  await page.getByRole('navigation').getByRole('link', { name: 'API-Schlüssel', exact: true }).click();
  await expect(page).toHaveURL(/\/dealer\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-Schlüssel');
  await expect(page.getByText('Warenwirtschaft (ERP)')).toBeVisible();
  await page.getByRole('button', { name: 'API-Schlüssel erstellen' }).click();
  const dealerForm = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
  await expect(dealerForm.getByLabel('Registrierte Ursprünge')).toHaveCount(0);
  await dealerForm.getByLabel('Name').fill('Warenwirtschaft Filiale Kiel');
  await expectNoAccessibilityViolations(page);
  await dealerForm.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const dealerShown = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
  const dealerSecret = (await dealerShown.getByTestId('api-key-secret').textContent()) ?? '';
  expect(dealerSecret).toMatch(/^tp_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
  await dealerShown.getByRole('button', { name: 'Fertig' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Ihre API-Schlüssel' })
      .getByRole('rowheader', { name: 'Warenwirtschaft Filiale Kiel' }),
  ).toBeVisible();

  const erp = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${dealerSecret}`, 'accept-language': 'de' },
  });
  const inbox = (await (await erp.get('/api/v1/dealer/inquiries?status=open')).json()) as {
    data: { items: { vehicle: { description: string } }[] };
  };
  expect(inbox.data.items.map((item) => item.vehicle.description)).toContain(`DMS Golf ${stamp}`);
  const workshopApi = await erp.get('/api/v1/inquiries');
  expect(workshopApi.status()).toBe(403);
  expect(((await workshopApi.json()) as { error: string }).error).toBe('apiKeyWrongApi');
  await erp.dispose();

  // The API reference renders from this server only, under its own policy.
  await page.goto('/api/docs');
  await expect(page.getByText('Teileportal API for DMS').first()).toBeVisible({ timeout: 20_000 });
});
