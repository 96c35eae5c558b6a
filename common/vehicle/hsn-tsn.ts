/*
 * HSN and TSN from the German registration document (Zulassungsbescheinigung Teil I): field 2.1
 * "Herstellerschlüsselnummer" (4 digits) and field 2.2 "Typschlüsselnummer" (its first 3 letters
 * or digits; the field goes on with a check character and the variant/version code). Together they
 * name a vehicle type and are the workshop's alternative to the VIN (issue 14, ADR 027).
 */

export const HSN_LENGTH = 4;
export const TSN_LENGTH = 3;

export type RegistrationFieldStatus = 'empty' | 'incomplete' | 'invalid' | 'valid';

export type HsnTsnProblem =
  /** HSN: something other than a digit; TSN: something other than a letter or digit. */
  | { field: 'hsn' | 'tsn'; kind: 'badCharacter'; position: number }
  | { field: 'hsn' | 'tsn'; kind: 'tooLong'; length: number }
  /** Only reported once the pair is checked as a whole (on send, or both fields left). */
  | { field: 'hsn' | 'tsn'; kind: 'tooShort'; length: number }
  /** One of the two is given, the other is not: a type is named by both. */
  | { field: 'hsn' | 'tsn'; kind: 'missing' };

export type HsnTsnCheck = {
  hsn: string;
  tsn: string;
  hsnStatus: RegistrationFieldStatus;
  tsnStatus: RegistrationFieldStatus;
  /** 'valid': both complete; 'empty': neither given; 'incomplete': a part still missing or short. */
  status: RegistrationFieldStatus;
  problems: HsnTsnProblem[];
  /**
   * Someone who copies all of field 2.2 ("BGU000123") types more than the TSN; its first three
   * characters are offered as the TSN, never taken silently.
   */
  tsnSuggestion: string | null;
};

/** Upper case (ASCII), spaces removed. */
export function normaliseRegistrationField(raw: string) {
  return raw.replace(/\s+/g, '').replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

function fieldCheck(field: 'hsn' | 'tsn', value: string, allowed: RegExp, length: number) {
  const problems: HsnTsnProblem[] = [];
  const characters = [...value];
  characters.slice(0, length + 1).forEach((character, index) => {
    if (!allowed.test(character)) problems.push({ field, kind: 'badCharacter', position: index + 1 });
  });
  if (characters.length > length) problems.push({ field, kind: 'tooLong', length: characters.length });
  const status: RegistrationFieldStatus =
    characters.length === 0
      ? 'empty'
      : problems.length > 0
        ? 'invalid'
        : characters.length < length
          ? 'incomplete'
          : 'valid';
  return { status, problems, characters };
}

/** Checks HSN and TSN as typed: each on its own, then as a pair. */
export function checkHsnTsn(rawHsn: string, rawTsn: string): HsnTsnCheck {
  const hsn = normaliseRegistrationField(rawHsn);
  const tsn = normaliseRegistrationField(rawTsn);
  const hsnCheck = fieldCheck('hsn', hsn, /^\d$/, HSN_LENGTH);
  const tsnCheck = fieldCheck('tsn', tsn, /^[A-Z0-9]$/, TSN_LENGTH);
  const problems = [...hsnCheck.problems, ...tsnCheck.problems];
  const tsnSuggestion =
    tsnCheck.characters.length > TSN_LENGTH &&
    tsnCheck.characters.slice(0, TSN_LENGTH).every((c) => /^[A-Z0-9]$/.test(c))
      ? tsnCheck.characters.slice(0, TSN_LENGTH).join('')
      : null;
  const statuses = [hsnCheck.status, tsnCheck.status];
  const status: RegistrationFieldStatus = statuses.every((s) => s === 'empty')
    ? 'empty'
    : statuses.includes('invalid')
      ? 'invalid'
      : statuses.every((s) => s === 'valid')
        ? 'valid'
        : 'incomplete';
  if (status === 'incomplete') {
    for (const [field, check] of [
      ['hsn', hsnCheck],
      ['tsn', tsnCheck],
    ] as const) {
      if (check.status === 'empty') problems.push({ field, kind: 'missing' });
      if (check.status === 'incomplete') problems.push({ field, kind: 'tooShort', length: check.characters.length });
    }
  }
  return { hsn, tsn, hsnStatus: hsnCheck.status, tsnStatus: tsnCheck.status, status, problems, tsnSuggestion };
}
