import * as v from 'valibot';
import { expect, test } from 'vitest';
import { fitmentLookupQuerySchema, hasVehicleType, vehicleTypeKey } from '../../common/contracts/fitment';
import { normalisePartNumber } from '../../common/contracts/trading';

test.each([
  '1K0 615 301 AA',
  '1K0615301AA',
  '1k0-615-301-aa',
  '1K0.615.301.AA',
  '1K0/615/301/AA',
  ' 1K0_615_301_AA ',
  '1K0\t615\u00a0301\u2013AA',
  // Full-width digits and letters, as some PDF exports print them.
  '１Ｋ０ ６１５ ３０１ ＡＡ',
])('"%s" is the part 1K0615301AA', (spelling) => {
  expect(normalisePartNumber(spelling)).toBe('1K0615301AA');
});

test.each([
  ['', ''],
  ['   ', ''],
  ['---', ''],
  ["'; drop table order_lines; --", 'DROPTABLEORDERLINES'],
  ['%_\\', ''],
  ['A 000 420 30 20', 'A0004203020'],
  ['34 11 6 858 652', '34116858652'],
  ['Öl-Filter', 'ÖLFILTER'],
  ['1K0\u0000615', '1K0615'],
])('adversarial or unusual input "%s" normalises to "%s"', (input, normalised) => {
  expect(normalisePartNumber(input)).toBe(normalised);
});

test('normalising is idempotent and only ever keeps letters and digits', () => {
  for (const input of ['1k0-615-301-aa', '＜script＞', 'a\u0301b', '😀 12-34']) {
    const once = normalisePartNumber(input);
    expect(normalisePartNumber(once)).toBe(once);
    expect(once).toMatch(/^[\p{L}\p{N}]*$/u);
  }
});

test('the vehicle type of a VIN is its positions 1–8: serial, year, plant and check digit do not matter', () => {
  const golf = vehicleTypeKey({ vin: 'WVWZZZ1KZ6W000123', hsn: '', tsn: '' });
  expect(golf).toEqual({ vinPrefix: 'WVWZZZ1K', hsn: null, tsn: null });
  expect(vehicleTypeKey({ vin: 'WVWZZZ1KX8P654321', hsn: '', tsn: '' }).vinPrefix).toBe('WVWZZZ1K');
  expect(vehicleTypeKey({ vin: 'wvwzzz1kz6w000123 ', hsn: '', tsn: '' }).vinPrefix).toBe('WVWZZZ1K');
  // Another model of the same make is another type.
  expect(vehicleTypeKey({ vin: 'WVWZZZ5GZEW000001', hsn: '', tsn: '' }).vinPrefix).toBe('WVWZZZ5G');
});

test('a VIN that is not well-formed names no type; HSN/TSN counts only as a pair', () => {
  expect(vehicleTypeKey({ vin: 'WVWZZZ1K', hsn: '', tsn: '' })).toEqual({ vinPrefix: null, hsn: null, tsn: null });
  expect(vehicleTypeKey({ vin: 'WVWZZZ1KZ6W00O123', hsn: '', tsn: '' }).vinPrefix).toBeNull();
  expect(vehicleTypeKey({ vin: '', hsn: '0603', tsn: 'bcl' })).toEqual({ vinPrefix: null, hsn: '0603', tsn: 'BCL' });
  expect(vehicleTypeKey({ vin: '', hsn: '0603', tsn: '' })).toEqual({ vinPrefix: null, hsn: null, tsn: null });
  expect(vehicleTypeKey({ vin: '', hsn: '06O3', tsn: 'BCL' }).hsn).toBeNull();
  expect(hasVehicleType(vehicleTypeKey({ vin: '', hsn: '', tsn: '' }))).toBe(false);
  expect(hasVehicleType(vehicleTypeKey({ vin: '', hsn: '0603', tsn: 'BCL' }))).toBe(true);
});

test('the lookup query normalises and de-duplicates the part numbers and refuses more than a form holds', () => {
  const parsed = v.parse(fitmentLookupQuerySchema, {
    vin: 'wvwzzz1kz6w000123',
    parts: '1K0 615 301 AA,1k0-615-301-aa,,x',
  });
  expect(parsed).toEqual({ vin: 'WVWZZZ1KZ6W000123', hsn: '', tsn: '', parts: ['1K0615301AA', 'X'] });
  const tooMany = Array.from({ length: 101 }, (_, index) => `P${index}`).join(',');
  expect(v.safeParse(fitmentLookupQuerySchema, { parts: tooMany }).success).toBe(false);
  expect(v.safeParse(fitmentLookupQuerySchema, { parts: 'A\u0000B' }).success).toBe(false);
});
