import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { vehicleSchema } from '../../common/contracts/trading';
import { checkHsnTsn } from '../../common/vehicle/hsn-tsn';
import { checkVin, normaliseVin, vinCheckDigit, wmiCountry } from '../../common/vehicle/vin';

/*
 * VINs in the format each maker uses (WMI, VDS with its fillers, year and plant where the maker
 * encodes them); the serial numbers are made up. European makers mostly leave position 9 without a
 * North American check digit: that is reported as advice ('mismatch'), never as an error.
 */
const europeanVins: [string, string, string, string][] = [
  // [make in the test name, VIN, expected make, expected country]
  ['VW Golf 7', 'WVWZZZAUZFW123456', 'Volkswagen', 'DE'],
  ['VW Tiguan', 'WVGZZZ5NZJW123456', 'Volkswagen', 'DE'],
  ['VW Transporter T6', 'WV2ZZZ7HZHH123456', 'Volkswagen Nutzfahrzeuge', 'DE'],
  ['Audi A3', 'WAUZZZ8V5GA012345', 'Audi', 'DE'],
  ['Audi TT (Győr)', 'TRUZZZFV1G1012345', 'Audi', 'HU'],
  ['Škoda Octavia', 'TMBJJ7NE8H0123456', 'Škoda', 'CZ'],
  ['SEAT Leon', 'VSSZZZ5FZJR123456', 'SEAT', 'ES'],
  ['Mercedes-Benz C-Klasse', 'WDD2050041R123456', 'Mercedes-Benz', 'DE'],
  ['Mercedes-Benz A-Klasse (since 2019)', 'W1K1770121J123456', 'Mercedes-Benz', 'DE'],
  ['BMW 3er', 'WBA8E9106GK123456', 'BMW', 'DE'],
  ['Opel Astra K', 'W0LPD6EC2HG012345', 'Opel', 'DE'],
  ['Opel Corsa F (Stellantis)', 'VXKUHZKXZL4123456', 'Opel', 'FR'],
  ['Ford Focus (Ford-Werke Köln/Saarlouis)', 'WF0XXXGCDXHA12345', 'Ford', 'DE'],
  ['Ford Transit Custom (Ford Otosan)', 'NM0GE9F20H1123456', 'Ford', 'TR'],
  ['Renault Clio IV', 'VF1RFB00X57123456', 'Renault', 'FR'],
  ['Peugeot 308 II', 'VF3MCYHZRHS012345', 'Peugeot', 'FR'],
  ['Peugeot 208 II', 'VR3UHZKXZLT123456', 'Peugeot', 'FR'],
  ['Citroën C4', 'VF7NCBHY6EY123456', 'Citroën', 'FR'],
  ['Fiat 500', 'ZFA31200003123456', 'Fiat', 'IT'],
  ['Dacia Duster', 'UU1HSDACN57123456', 'Dacia', 'RO'],
  ['Toyota Auris (Burnaston)', 'SB1ZS3JE70E123456', 'Toyota', 'GB'],
  ['Toyota Yaris (Valenciennes)', 'VNKKG96320A123456', 'Toyota', 'FR'],
  ['Toyota C-HR (Sakarya)', 'NMTKZ3BX20R123456', 'Toyota', 'TR'],
  ['Hyundai i30 (Nošovice)', 'TMAD381UAJJ123456', 'Hyundai', 'CZ'],
  ['Kia Ceed (Žilina)', 'U5YH5819AKL123456', 'Kia', 'SK'],
  ['Volvo XC60', 'YV1UZA8VDL1123456', 'Volvo', 'SE'],
  ['Porsche 911', 'WP0ZZZ99ZKS123456', 'Porsche', 'DE'],
  ['Porsche Cayenne', 'WP1ZZZ9YZLD123456', 'Porsche', 'DE'],
  ['Tesla Model Y (Grünheide)', 'XP7YGCEK5PB123456', 'Tesla', 'NL'],
];

describe.each(europeanVins)('%s', (_name, vin, make, country) => {
  test('is valid and names its maker and country', () => {
    const result = checkVin(vin);
    expect(result.status).toBe('valid');
    expect(result.problems).toEqual([]);
    expect(result.manufacturer).toMatchObject({ make, country, smallManufacturer: false });
  });
});

test('the European VINs above mostly have no North American check digit: advice only, still valid', () => {
  const results = europeanVins.map(([, vin]) => checkVin(vin));
  expect(results.every((result) => result.status === 'valid')).toBe(true);
  const vw = checkVin('WVWZZZAUZFW123456');
  expect(vw.checkDigit).toBe('mismatch');
  expect(vw.problems).toEqual([]);
  expect(results.filter((result) => result.checkDigit === 'mismatch').length).toBeGreaterThan(20);
});

test('the check digit: the worked example of 49 CFR 565 / Wikipedia, and "X" for 10', () => {
  expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  expect(checkVin('1M8GDM9AXKP042788').checkDigit).toBe('valid');
  expect(vinCheckDigit('11111111111111111')).toBe('1');
  // One character changed: the digit no longer fits.
  expect(checkVin('1M8GDM9AXKP042789').checkDigit).toBe('mismatch');
});

test.each([
  // Vehicles built in or for North America carry a correct check digit.
  ['BMW X5 (Spartanburg)', '5UXKR0C52F0P12345', 'BMW', 'US'],
  ['BMW Z4 (Spartanburg)', '4USBT535X4LT12345', 'BMW', 'US'],
  ['Mercedes-Benz ML (Tuscaloosa)', '4JGDA5HB7GA123456', 'Mercedes-Benz', 'US'],
  ['Mercedes-Benz C-Klasse (Tuscaloosa)', '55SWF4KBXFU123456', 'Mercedes-Benz', 'US'],
  ['Mercedes-Benz E-Klasse for the US (Sindelfingen)', 'WDDGF8AB5EA123456', 'Mercedes-Benz', 'DE'],
  ['Tesla Model 3 (Fremont)', '5YJ3E1EA6KF123456', 'Tesla', 'US'],
  ['Volvo S60 (Ridgeville)', '7JRA22TK0KG012345', 'Volvo', 'US'],
  ['Toyota Prius (Japan)', 'JTDKN3DU6A0123456', 'Toyota', 'JP'],
])('%s: valid check digit', (_name, vin, make, country) => {
  const result = checkVin(vin);
  expect(result.status).toBe('valid');
  expect(result.checkDigit).toBe('valid');
  expect(result.manufacturer).toMatchObject({ make, country });
});

test('the model year is a hint: two candidates of the 30-year cycle, future ones dropped when the year is known', () => {
  expect(checkVin('WVWZZZAUZFW123456').modelYears).toEqual([2015, 1985]);
  expect(checkVin('WVWZZZAUZFW123456', { latestModelYear: 2027 }).modelYears).toEqual([2015, 1985]);
  // "1": 2001 or 2031; in 2026 only 2001 can be meant.
  expect(checkVin('WDD2050041R123456', { latestModelYear: 2027 }).modelYears).toEqual([2001]);
  // "Z", "U" and "0" encode no year: no hint at all rather than a wrong one.
  expect(checkVin('WP0ZZZ99ZKS123456').modelYears).toEqual([2019, 1989]);
  expect(checkVin('VSSZZZ5FZZR123456').modelYears).toEqual([]);
  expect(checkVin('WF0XXXGCD0HA12345').modelYears).toEqual([]);
  // While typing: known as soon as position 10 is there.
  expect(checkVin('WVWZZZAUZF').modelYears).toEqual([2015, 1985]);
  expect(checkVin('WVWZZZAUZ').modelYears).toEqual([]);
});

test('as typed: case, spaces and dashes are tolerated and removed', () => {
  const result = checkVin(' wvw-zzz 1kz aw0 000 01 ');
  expect(result.vin).toBe('WVWZZZ1KZAW000001');
  expect(result.status).toBe('valid');
  expect(normaliseVin('WVW\u2013ZZZ\u00a01KZ\tAW000001')).toBe('WVWZZZ1KZAW000001');
});

test('empty and whitespace only', () => {
  for (const raw of ['', '   ', '\t\n', '- -']) {
    const result = checkVin(raw);
    expect(result).toMatchObject({ vin: '', status: 'empty', problems: [], suggestion: null, manufacturer: null });
    expect(result.checkDigit).toBe('notApplicable');
  }
});

test('16 characters: incomplete, nothing wrong yet, the maker already known', () => {
  const result = checkVin('WVWZZZ1KZAW00000');
  expect(result.status).toBe('incomplete');
  expect(result.problems).toEqual([]);
  expect(result.checkDigit).toBe('notApplicable');
  expect(result.manufacturer?.make).toBe('Volkswagen');
  expect(checkVin('WV').manufacturer).toBeNull();
  expect(wmiCountry('WV')).toBe('DE');
});

test('18 characters: too long, with the length', () => {
  const result = checkVin('WVWZZZ1KZAW0000012');
  expect(result.status).toBe('invalid');
  expect(result.problems).toEqual([{ kind: 'tooLong', length: 18 }]);
  expect(result.suggestion).toBeNull();
  expect(result.checkDigit).toBe('notApplicable');
});

test('I, O and Q: each reported at its position with the usual fix offered, never applied', () => {
  const result = checkVin('WVWZZZ1KZAWO0000I');
  expect(result.vin).toBe('WVWZZZ1KZAWO0000I');
  expect(result.status).toBe('invalid');
  expect(result.problems).toEqual([
    { kind: 'forbiddenLetter', position: 12, letter: 'O', likelyMeant: '0' },
    { kind: 'forbiddenLetter', position: 17, letter: 'I', likelyMeant: '1' },
  ]);
  expect(result.suggestion).toBe('WVWZZZ1KZAW000001');
  expect(checkVin(result.suggestion ?? '').status).toBe('valid');
  expect(checkVin('wvwzzz1kzaw00000q').suggestion).toBe('WVWZZZ1KZAW000000');
  // While typing the fix is offered for what is there.
  expect(checkVin('WVWZZZO').suggestion).toBe('WVWZZZ0');
  // Not offered when something else is wrong too: the suggestion would not be a VIN either.
  expect(checkVin('WVWZZZ1KZAWO0000ö').suggestion).toBeNull();
  expect(checkVin('WVWZZZ1KZAWO000001').suggestion).toBeNull();
});

test('umlauts, punctuation, emoji, zero-width and control characters are bad characters with their position', () => {
  expect(checkVin('WVWZZZ1KZAW00000Ö').problems).toEqual([{ kind: 'badCharacter', position: 17, shown: 'Ö' }]);
  expect(checkVin('WVW.ZZZ').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: '.' }]);
  // An emoji is one character, not two UTF-16 units.
  expect(checkVin('WVW🚗ZZZ').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: '🚗' }]);
  expect(checkVin('WVW\u200bZZZ').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: 'U+200B' }]);
  expect(checkVin('WVW\u0000ZZZ').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: 'U+0000' }]);
  // "ß" and the dotless "ı" are not upper-cased into other letters (which would move positions).
  expect(checkVin('WVWß').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: 'ß' }]);
  expect(checkVin('WVWı').problems).toEqual([{ kind: 'badCharacter', position: 4, shown: 'ı' }]);
  for (const raw of ['WVW\u200bZZZ', 'WVWß', 'ÄVW']) expect(checkVin(raw).status).toBe('invalid');
  expect(checkVin('ÄVW').manufacturer).toBeNull();
});

test('a very long input gives a short answer: problems within the 17 positions and one "too long"', () => {
  const pasted = 'WVWZZZ1KZAW000001'.repeat(10_000);
  const result = checkVin(pasted);
  expect(result.status).toBe('invalid');
  expect(result.problems).toEqual([{ kind: 'tooLong', length: 170_000 }]);
  const garbage = checkVin('ü'.repeat(100_000));
  expect(garbage.problems).toHaveLength(18);
  expect(garbage.problems.at(-1)).toEqual({ kind: 'tooLong', length: 100_000 });
});

test('an unknown WMI: the VIN is valid, the maker unknown, the country from the range', () => {
  const result = checkVin('WZZZZZ1KZAW000001');
  expect(result.status).toBe('valid');
  expect(result.manufacturer).toEqual({ wmi: 'WZZ', make: null, country: 'DE', smallManufacturer: false });
  // An unassigned range: no country either.
  expect(checkVin('0ZZZZZ1KZAW000001').manufacturer).toMatchObject({ make: null, country: null });
});

test('countries from the ISO 3780 ranges', () => {
  const cases: [string, string | null][] = [
    ['WA', 'DE'],
    ['W0', 'DE'],
    ['SN', 'DE'],
    ['SA', 'GB'],
    ['TM', 'CZ'],
    ['TR', 'HU'],
    ['UU', 'RO'],
    ['U5', 'SK'],
    ['VF', 'FR'],
    ['VS', 'ES'],
    ['ZF', 'IT'],
    ['YV', 'SE'],
    ['XL', 'NL'],
    ['XT', 'RU'],
    ['JT', 'JP'],
    ['KN', 'KR'],
    ['LS', 'CN'],
    ['NM', 'TR'],
    ['CF', 'MA'],
    ['1F', 'US'],
    ['5Y', 'US'],
    ['2T', 'CA'],
    ['3V', 'MX'],
    ['9B', 'BR'],
    ['AA', 'ZA'],
    ['EA', null],
  ];
  for (const [prefix, country] of cases) expect([prefix, wmiCountry(prefix)]).toEqual([prefix, country]);
});

test('a small manufacturer ("9" in position 3) is named by positions 12–14', () => {
  const bugatti = checkVin('VF9SP3V34JM795001');
  expect(bugatti.manufacturer).toEqual({ wmi: 'VF9795', make: 'Bugatti', country: 'FR', smallManufacturer: true });
  const unknown = checkVin('W09BD0369L0123456');
  expect(unknown.manufacturer).toEqual({ wmi: 'W09123', make: null, country: 'DE', smallManufacturer: true });
  // Before position 14 is typed only the country is known.
  expect(checkVin('W09BD03').manufacturer).toEqual({ wmi: 'W09', make: null, country: 'DE', smallManufacturer: true });
});

test('the server contract refuses what is not a valid VIN and accepts a check-digit mismatch', () => {
  const parse = (vin: string) => v.safeParse(vehicleSchema, { vin, hsn: '', tsn: '', description: '' });
  const accepted = parse('wvw zzz 1kz aw0 000 01');
  expect(accepted.success && accepted.output.vin).toBe('WVWZZZ1KZAW000001');
  expect(checkVin('WVWZZZ1KZAW000001').checkDigit).toBe('mismatch');
  for (const vin of [
    'WVWZZZ1KZAW00000I',
    'WVWZZZ1KZAW00000',
    'WVWZZZ1KZAW0000012',
    'WVWZZZ1KZAW0000\u200b1',
    'x'.repeat(5000),
  ]) {
    const result = parse(vin);
    expect(result.success, vin.slice(0, 20)).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toContain('vinInvalid');
  }
});

describe('HSN/TSN', () => {
  test('a complete pair, as typed (lower case, spaces)', () => {
    expect(checkHsnTsn(' 0603 ', 'bgu')).toMatchObject({ hsn: '0603', tsn: 'BGU', status: 'valid', problems: [] });
    expect(checkHsnTsn('0005', '123')).toMatchObject({ status: 'valid' });
  });

  test('neither given: empty, nothing wrong', () => {
    expect(checkHsnTsn('', '  ')).toMatchObject({ status: 'empty', problems: [] });
  });

  test('one without the other, or short: incomplete with what is missing', () => {
    expect(checkHsnTsn('0603', '')).toMatchObject({
      status: 'incomplete',
      hsnStatus: 'valid',
      tsnStatus: 'empty',
      problems: [{ field: 'tsn', kind: 'missing' }],
    });
    expect(checkHsnTsn('06', 'BG').problems).toEqual([
      { field: 'hsn', kind: 'tooShort', length: 2 },
      { field: 'tsn', kind: 'tooShort', length: 2 },
    ]);
  });

  test('letters in the HSN, punctuation in the TSN, too long: invalid with position', () => {
    expect(checkHsnTsn('06O3', 'BGU')).toMatchObject({
      status: 'invalid',
      hsnStatus: 'invalid',
      problems: [{ field: 'hsn', kind: 'badCharacter', position: 3 }],
    });
    expect(checkHsnTsn('0603', 'B-U').problems).toEqual([{ field: 'tsn', kind: 'badCharacter', position: 2 }]);
    expect(checkHsnTsn('06031', 'BGU').problems).toEqual([{ field: 'hsn', kind: 'tooLong', length: 5 }]);
    expect(checkHsnTsn('0603', 'BGÜ').status).toBe('invalid');
  });

  test('all of field 2.2 typed: the first three characters offered as the TSN', () => {
    const result = checkHsnTsn('0603', 'BGU000123');
    expect(result.status).toBe('invalid');
    expect(result.problems).toEqual([{ field: 'tsn', kind: 'tooLong', length: 9 }]);
    expect(result.tsnSuggestion).toBe('BGU');
    expect(checkHsnTsn('0603', 'BGU').tsnSuggestion).toBeNull();
  });

  test('the server contract takes a valid pair or none, and refuses the rest with hsnTsnInvalid', () => {
    const parse = (hsn: string, tsn: string) =>
      v.safeParse(vehicleSchema, { vin: '', hsn, tsn, description: 'Golf 7' });
    expect(parse('0603', 'bgu').output).toMatchObject({ hsn: '0603', tsn: 'BGU' });
    expect(parse('', '').success).toBe(true);
    for (const [hsn, tsn] of [
      ['0603', ''],
      ['', 'BGU'],
      ['06', 'BGU'],
      ['0603', 'BGU000123'],
      ['06O3', 'BGU'],
    ]) {
      const result = parse(hsn ?? '', tsn ?? '');
      expect(result.success, `${hsn}/${tsn}`).toBe(false);
      expect(result.issues?.map((issue) => issue.message)).toContain('hsnTsnInvalid');
    }
  });
});
