import { dealerWithCustomer, orderedThroughTheApi, signedInApi, tradingParties } from './dealer-support';
import { downloadedText, expect, signInAfresh, test } from './support';

/**
 * openTRANS in the browser (ADR 042): a workshop orders through the real endpoints; the dealer
 * downloads the order as an openTRANS ORDER on its order page, its "ERP" answers with an
 * ORDERRESPONSE built from that very file (confirm line 1, cancel line 2 with a reason), and the
 * dealer uploads it on the same page: the page lists the changed lines and shows their new states.
 */
const PASSWORD = 'Ersatzteile-Austausch-2026';

test('openTRANS: the dealer downloads the ORDER and uploads its ERP’s ORDERRESPONSE on the order page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { dealer, workshop } = tradingParties('openTRANS', {
    city: 'Bremen',
    customerNumber: 8100,
    password: PASSWORD,
  });
  const { dealerApi } = await dealerWithCustomer(page, baseURL, dealer, workshop);
  const workshopApi = await signedInApi(baseURL, workshop.email, PASSWORD);
  const { orderId } = await orderedThroughTheApi(workshopApi, dealerApi, {
    vin: 'WVWZZZAUZFW123456',
    description: 'VW Golf 7',
    lines: [
      {
        part_number: '1K0 615 301 AA',
        description: 'Bremsscheibe',
        quantity: 2,
        net_price_cents: 4599,
        deposit_cents: 500,
      },
      { part_number: '04L 115 561 H', description: 'Ölfilter', quantity: 1, net_price_cents: 4599, deposit_cents: 500 },
    ],
  });
  await Promise.all([workshopApi.dispose(), dealerApi.dispose()]);

  await signInAfresh(page, dealer.email, PASSWORD);
  await page.goto(`/dealer/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'openTRANS für Ihr Warenwirtschaftssystem' })).toBeVisible();

  // The ORDER as the ERP receives it.
  const { fileName, text: orderXml } = await downloadedText(page, () =>
    page.getByRole('button', { name: 'openTRANS-Bestellung herunterladen' }).click(),
  );
  expect(fileName).toBe(`opentrans-order-${orderId}.xml`);
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
