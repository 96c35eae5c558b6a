import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { dealerWithUser, newApi, verifiedWorkshopFromWizard } from './dealer-support';
import { expect, logInThroughForm, test, useLanguage } from './support';

/**
 * openTRANS in the browser (ADR 042): a workshop orders through the real endpoints; the dealer
 * downloads the order as an openTRANS ORDER on its order page, its "ERP" answers with an
 * ORDERRESPONSE built from that very file (confirm line 1, cancel line 2 with a reason), and the
 * dealer uploads it on the same page: the page lists the changed lines and shows their new states.
 */
const PASSWORD = 'Ersatzteile-Austausch-2026';

async function dataOf<TData>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<TData> {
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: TData }).data;
}

async function signedInApi(baseURL: string | undefined, email: string) {
  const api = await newApi(baseURL, 'de');
  expect((await api.post('/svc/auth/api/v1/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return api;
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type InquiryRead = { id: number; version: number; lines: { id: number }[]; recipients: { id: number }[] };

/** Two lines quoted by the dealer and ordered by the workshop; the order's id. */
async function placedOrder(workshop: APIRequestContext, dealer: APIRequestContext) {
  const { relations } = await dataOf<{ relations: { id: number; status: string }[] }>(
    await workshop.get('/svc/workshop/suppliers'),
  );
  const sent = await dataOf<InquiryRead>(
    await workshop.post('/svc/workshop/inquiries', {
      data: {
        vehicle: { vin: 'WVWZZZAUZFW123456', hsn: '', tsn: '', description: 'VW Golf 7' },
        lines: [
          { part_number: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 2, note: '' },
          { part_number: '04L 115 561 H', description: 'Ölfilter', quantity: 1, note: '' },
        ],
        recipient_relation_ids: relations.filter((relation) => relation.status === 'active').map((r) => r.id),
        closes_in_minutes: 120,
      },
    }),
  );
  const asked = await dataOf<{ lines: { id: number }[]; recipient: { version: number } }>(
    await dealer.get(`/svc/part-dealer/inquiries/${sent.id}`),
  );
  await dataOf(
    await dealer.put(`/svc/part-dealer/inquiries/${sent.id}/answer`, {
      data: {
        version: asked.recipient.version,
        valid_until: isoDay(3),
        freight_cents: 0,
        free_freight_from_cents: null,
        lines: asked.lines.map((line) => ({
          inquiry_line_id: line.id,
          offered: true,
          net_price_cents: 4599,
          deposit_cents: 500,
          availability: 'branch_today',
          alternative_part_number: '',
          alternative_brand: '',
          fits_vehicle: true,
          note: '',
        })),
      },
    }),
  );
  const quoted = await dataOf<InquiryRead>(await workshop.get(`/svc/workshop/inquiries/${sent.id}`));
  const placed = await dataOf<{ orders: { id: number }[] }>(
    await workshop.post(`/svc/workshop/inquiries/${sent.id}/orders`, {
      data: {
        version: quoted.version,
        choices: quoted.lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: quoted.recipients[0]?.id })),
      },
    }),
  );
  return placed.orders[0]?.id as number;
}

test('openTRANS: the dealer downloads the ORDER and uploads its ERP’s ORDERRESPONSE on the order page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const dealer = {
    language: 'de' as const,
    email: `ot-dealer-${stamp}@teile-handel.de`,
    company: `Teile openTRANS ${stamp}`,
    city: 'Bremen',
    password: PASSWORD,
  };
  const workshop = { email: `ot-${stamp}@werkstatt-test.de`, name: `Werkstatt openTRANS ${stamp}` };
  const { partDealerId } = await dealerWithUser(page, baseURL, dealer);
  await verifiedWorkshopFromWizard(page, baseURL, {
    language: 'de',
    email: workshop.email,
    name: workshop.name,
    password: PASSWORD,
    dealers: [{ part_dealer_id: partDealerId, part_dealer_customer_number: 8100 }],
  });
  const dealerApi = await signedInApi(baseURL, dealer.email);
  const requested = await dataOf<{ items: { id: number; workshop_name: string }[] }>(
    await dealerApi.get('/svc/part-dealer/customers?status=requested'),
  );
  const relation = requested.items.find((item) => item.workshop_name === workshop.name);
  await dataOf(await dealerApi.post(`/svc/part-dealer/customers/${relation?.id}/accept`, { data: {} }));
  const workshopApi = await signedInApi(baseURL, workshop.email);
  const orderId = await placedOrder(workshopApi, dealerApi);
  await Promise.all([workshopApi.dispose(), dealerApi.dispose()]);

  await page.context().clearCookies();
  await useLanguage(page, 'de');
  await page.goto('/login');
  await logInThroughForm(page, dealer.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await page.goto(`/dealer/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'openTRANS für Ihr Warenwirtschaftssystem' })).toBeVisible();

  // The ORDER as the ERP receives it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'openTRANS-Bestellung herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`opentrans-order-${orderId}.xml`);
  const orderXml = readFileSync((await download.path()) as string, 'utf8');
  expect(orderXml).toContain('<ORDER type="standard" version="2.1"');
  expect(orderXml).toContain('<bmecat:PARTY_ID type="supplier_specific">8100</bmecat:PARTY_ID>');
  expect(orderXml).toContain('<bmecat:SUPPLIER_PID>1K0 615 301 AA</bmecat:SUPPLIER_PID>');
  const orderNumber = /<ORDER_ID>(\d+)<\/ORDER_ID>/.exec(orderXml)?.[1];
  expect(orderNumber).toBe(String(orderId));

  // The ERP's answer, in ISO-8859-1 as many ERPs write it: line 1 confirmed, line 2 cancelled.
  const response = `<?xml version="1.0" encoding="ISO-8859-1"?>
<ORDERRESPONSE version="2.1" xmlns="http://www.opentrans.org/XMLSchema/2.1" xmlns:bmecat="http://www.bmecat.org/bmecat/2005">
  <ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>${orderNumber}</ORDER_ID><ORDERRESPONSE_DATE>${new Date().toISOString()}</ORDERRESPONSE_DATE></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER>
  <ORDERRESPONSE_ITEM_LIST>
    <ORDERRESPONSE_ITEM><LINE_ITEM_ID>1</LINE_ITEM_ID><QUANTITY>2</QUANTITY><bmecat:ORDER_UNIT>C62</bmecat:ORDER_UNIT></ORDERRESPONSE_ITEM>
    <ORDERRESPONSE_ITEM><LINE_ITEM_ID>2</LINE_ITEM_ID><QUANTITY>0</QUANTITY><bmecat:ORDER_UNIT>C62</bmecat:ORDER_UNIT><REMARKS>Ölfilter ausverkauft</REMARKS></ORDERRESPONSE_ITEM>
  </ORDERRESPONSE_ITEM_LIST>
</ORDERRESPONSE>`;
  await page
    .getByLabel('Antwort Ihres Warenwirtschaftssystems hochladen (ORDERRESPONSE oder DISPATCHNOTIFICATION)')
    .setInputFiles({
      name: 'auftragsbestaetigung.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(response, 'latin1'),
    });
  await expect(page.getByText('auftragsbestaetigung.xml wurde übernommen:')).toBeVisible();
  const changed = page.getByRole('list', { name: 'Geänderte Positionen' });
  await expect(changed).toContainText('Position 1 (1K0 615 301 AA): Bestätigen');
  await expect(changed).toContainText('Position 2 (04L 115 561 H): Position stornieren');
  await expect(page.getByText('Ölfilter ausverkauft').first()).toBeVisible();

  // The same answer again: the confirmed line cannot be confirmed twice; nothing changes, every problem is named.
  await page
    .getByLabel('Antwort Ihres Warenwirtschaftssystems hochladen (ORDERRESPONSE oder DISPATCHNOTIFICATION)')
    .setInputFiles({
      name: 'nochmal.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(response, 'latin1'),
    });
  await expect(page.getByText('nochmal.xml wurde nicht übernommen; es wurde nichts geändert:')).toBeVisible();
  const problems = page.getByRole('list', { name: 'Probleme' });
  await expect(problems).toContainText('Position 1: Diese Position kann in ihrem Stand nicht bestätigt werden.');
  await expect(problems).toContainText('Position 2: Diese Position kann in ihrem Stand nicht storniert werden.');
});
