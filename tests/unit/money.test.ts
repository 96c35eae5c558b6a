import { expect, test } from 'vitest';
import { formatCentsForInput, moneyLocaleOf, parseAmount, retypeAmount } from '../../common/contracts/money';
import { MAX_CENTS } from '../../common/contracts/trading';
import { formatMoney } from '../../common/format/formats';

test.each([
  ['12', 1200],
  ['12,5', 1250],
  ['12,50', 1250],
  ['0,10', 10],
  ['0,01', 1],
  ['0', 0],
  ['1.234,56', 123456],
  ['1.234', 123400],
  ['9.999.999,99', 999999999],
  ['  7,30 ', 730],
  ['007', 700],
])('de: %s is %i cents', (text, cents) => {
  expect(parseAmount(text, 'de')).toEqual({ ok: true, cents });
});

test.each([
  ['12', 1200],
  ['12.5', 1250],
  ['12.50', 1250],
  ['0.10', 10],
  ['1,234.56', 123456],
  ['1,234', 123400],
  ['10,000,000', MAX_CENTS],
])('en: %s is %i cents', (text, cents) => {
  expect(parseAmount(text, 'en')).toEqual({ ok: true, cents });
});

test.each([
  '',
  '   ',
  '-1',
  '-0,50',
  '+5',
  '12,505',
  '12,',
  ',50',
  '12.50', // a German amount never has a dot as decimal mark: refused, not read as 1.250
  '1.23,45',
  '1.2345',
  '12,50 €',
  '€12,50',
  'EUR 12',
  '12a',
  'abc',
  '1e3',
  '0x10',
  'Infinity',
  'NaN',
  '1 234,56',
  '1\u00a0234,56',
  '١٢', // Arabic-Indic digits are not read as 12
  '１２', // fullwidth digits neither
  '12,5\u0000',
  '10.000.000,01', // one cent above MAX_CENTS
  '99999999999',
  '9'.repeat(400),
  '1,,5',
  '1..000',
])('de refuses %j with priceInvalid', (text) => {
  expect(parseAmount(text, 'de')).toEqual({ ok: false, error: 'priceInvalid' });
});

test.each(['12,50', '1.234,56', '12.505', '-3', '12.', '1,23.45', '10,000,000.01', '$5'])(
  'en refuses %j with priceInvalid',
  (text) => {
    expect(parseAmount(text, 'en')).toEqual({ ok: false, error: 'priceInvalid' });
  },
);

test('the largest amount is accepted, one cent more is not', () => {
  expect(parseAmount('10.000.000', 'de')).toEqual({ ok: true, cents: MAX_CENTS });
  expect(parseAmount('10000000,00', 'de')).toEqual({ ok: true, cents: MAX_CENTS });
  expect(parseAmount('10000000,01', 'de').ok).toBe(false);
});

test('decimals are read exactly, not through floating point', () => {
  for (let cents = 0; cents < 1000; cents += 1) {
    expect(parseAmount(formatCentsForInput(cents, 'de'), 'de')).toEqual({ ok: true, cents });
    expect(parseAmount(formatCentsForInput(cents, 'en'), 'en')).toEqual({ ok: true, cents });
  }
  expect(parseAmount('1,15', 'de')).toEqual({ ok: true, cents: 115 });
  expect(parseAmount('4.35', 'en')).toEqual({ ok: true, cents: 435 });
});

test('cents are written for an input field per language, without grouping', () => {
  expect(formatCentsForInput(123456, 'de')).toBe('1234,56');
  expect(formatCentsForInput(123456, 'en')).toBe('1234.56');
  expect(formatCentsForInput(5, 'de-DE')).toBe('0,05');
  expect(formatCentsForInput(MAX_CENTS, 'en')).toBe('10000000.00');
});

test('amounts read in the language on screen; regional tags fall back to their language', () => {
  expect(moneyLocaleOf('de-AT')).toBe('de');
  expect(moneyLocaleOf('en-GB')).toBe('en');
  expect(moneyLocaleOf('fr')).toBe('en');
});

test('a language switch rewrites valid amounts and keeps anything else as typed', () => {
  expect(retypeAmount('1.234,5', 'de', 'en')).toBe('1234.50');
  expect(retypeAmount('12.50', 'en', 'de')).toBe('12,50');
  expect(retypeAmount('12,5x', 'de', 'en')).toBe('12,5x');
  expect(retypeAmount('12,50', 'de', 'de')).toBe('12,50');
});

test('amounts are shown as euros in the locale, what is typed reads back as shown', () => {
  expect(formatMoney(123456, 'de')).toBe('1.234,56\u00a0€');
  expect(formatMoney(123456, 'en')).toBe('€1,234.56');
  const typed = parseAmount('1.234,56', 'de');
  expect(typed.ok && formatMoney(typed.cents, 'de')).toBe('1.234,56\u00a0€');
});
