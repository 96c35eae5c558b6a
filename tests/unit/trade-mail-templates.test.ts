import { expect, test } from 'vitest';
import { mailTemplates, type TradeMailItem } from '../../server/mail/templates';

const backorder: TradeMailItem = {
  kind: 'line.backorder',
  inquiryId: 7,
  orderId: 12,
  workshopName: 'Autoservice Schmitt',
  vehicle: { description: 'VW Golf VII', vin: 'WVWZZZ1KZAW000001', hsn: '0603', tsn: 'BFS' },
  details: { eta: '2026-12-03' },
  url: 'http://127.0.0.1:3000/orders/12',
};

test('a backorder mail gives the new delivery date as the reader writes dates, not as stored', () => {
  const german = mailTemplates.tradeEvent('de', { firstName: 'Max', item: backorder });
  expect(german.text).toContain('neuer Liefertermin 03.12.2026');
  expect(german.text).not.toContain('2026-12-03');
  const english = mailTemplates.tradeEvent('en', { firstName: 'Max', item: backorder });
  expect(english.text).toContain('new delivery date 3 Dec 2026');
});

test('a trade mail names the order and the vehicle as the screens do', () => {
  const german = mailTemplates.tradeEvent('de', { firstName: 'Max', item: backorder });
  expect(german.subject).toBe(
    'Bestellung 12 (VW Golf VII · FIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS): eine Position ist im Rückstand, neuer Liefertermin 03.12.2026',
  );
  expect(german.text).not.toContain('#12');
  const english = mailTemplates.tradeEvent('en', { firstName: 'Max', item: { ...backorder, kind: 'order.placed' } });
  expect(english.subject).toBe(
    'Autoservice Schmitt placed Order 12 (VW Golf VII · VIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS)',
  );
  const inquiry = mailTemplates.tradeEvent('en', {
    firstName: 'Max',
    item: { ...backorder, kind: 'inquiry.closed', orderId: null },
  });
  expect(inquiry.subject).toContain('Inquiry 7 (VW Golf VII');
});
