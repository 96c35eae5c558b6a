import { expect, test } from 'vitest';
import { mailTemplates, type TradeMailItem } from '../../server/mail/templates';

const backorder: TradeMailItem = {
  kind: 'line.backorder',
  inquiryId: 7,
  orderId: 12,
  workshopName: 'Autoservice Schmitt',
  vehicle: 'VW Golf VII',
  details: { eta: '2026-12-03' },
  url: 'http://127.0.0.1:3000/orders/12',
};

test('a backorder mail gives the new delivery date as the reader writes dates, not as stored', () => {
  const german = mailTemplates.tradeEvent('de', { firstName: 'Max', item: backorder });
  expect(german.text).toContain('neuer Liefertermin 3. Dezember 2026');
  expect(german.text).not.toContain('2026-12-03');
  const english = mailTemplates.tradeEvent('en', { firstName: 'Max', item: backorder });
  expect(english.text).toContain('new delivery date 3 December 2026');
});
