import { WMI_CHARACTER_ORDER, WMI_COUNTRY_RANGES, WMI_TABLE } from './wmi-table';

/*
 * The vehicle identification number as a person types it (issue 14, ADR 027). Written here rather
 * than taken from npm: the well-kept decoders are built for North America and reject or misread
 * European VINs (no check digit, "Z" fillers, no model year). Pure: no clock, no network.
 */

/** ISO 3779: a VIN has 17 characters. */
export const VIN_LENGTH = 17;

/** Digits and capital letters without I, O and Q (ISO 3779). */
const VIN_CHARACTER = /^[A-HJ-NPR-Z0-9]$/;

/**
 * I, O and Q are not used in a VIN because they are mistaken for 1, 0 and 9; people type them
 * for exactly that reason. The usual fix is offered, never applied: an O may also stand for a
 * letter the person misread, so only they can decide.
 */
const LIKELY_MEANT = { I: '1', O: '0', Q: '0' } as const;
type ForbiddenLetter = keyof typeof LIKELY_MEANT;

/** Separators a person types to group a long number; they are dropped, not reported. */
const SEPARATOR = /^[\s\p{Pd}]$/u;

export type VinStatus = 'empty' | 'incomplete' | 'invalid' | 'valid';

export type VinProblem =
  | { kind: 'forbiddenLetter'; position: number; letter: ForbiddenLetter; likelyMeant: '0' | '1' }
  /** `shown` is the character itself, or "U+200B" for one that cannot be seen (control, format, space). */
  | { kind: 'badCharacter'; position: number; shown: string }
  | { kind: 'tooLong'; length: number };

/** The check digit (position 9) is mandatory in North America only: elsewhere it is advice. */
export type CheckDigitAdvisory = 'valid' | 'mismatch' | 'notApplicable';

export type VinManufacturer = {
  /** Positions 1–3, or 1–3 and 12–14 for a small manufacturer. */
  wmi: string;
  /** The make as a proper name, or null when the table does not know the code. */
  make: string | null;
  /** ISO 3166-1 alpha-2 of the country the WMI belongs to, or null for an unassigned range. */
  country: string | null;
  /** A "9" in position 3: a manufacturer building fewer than 1 000 vehicles a year (ISO 3780). */
  smallManufacturer: boolean;
};

export type VinCheck = {
  /** Upper case, separators removed: the form stored and searched. */
  vin: string;
  status: VinStatus;
  problems: VinProblem[];
  /** The VIN with I/O/Q replaced by what was likely meant, when that is the only thing wrong. */
  suggestion: string | null;
  manufacturer: VinManufacturer | null;
  /**
   * Model years position 10 may stand for (a 30-year cycle gives two), newest first. Only a hint:
   * many European makers do not encode the year there.
   */
  modelYears: number[];
  checkDigit: CheckDigitAdvisory;
};

/** Upper case (ASCII letters only, so "ß" or "ı" keep their position), spaces and dashes removed. */
export function normaliseVin(raw: string) {
  let result = '';
  for (const character of raw) {
    if (SEPARATOR.test(character)) continue;
    result += character >= 'a' && character <= 'z' ? character.toUpperCase() : character;
  }
  return result;
}

function shownCharacter(character: string) {
  if (/^[\p{C}\p{Z}]$/u.test(character)) {
    return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return character;
}

function isForbiddenLetter(character: string): character is ForbiddenLetter {
  return character in LIKELY_MEANT;
}

/** The country of the range the first two characters fall in (ISO 3780), or null. */
export function wmiCountry(firstTwo: string) {
  const [first, second] = [firstTwo[0] ?? '', firstTwo[1] ?? ''];
  const at = WMI_CHARACTER_ORDER.indexOf(second);
  if (at < 0) return null;
  const range = WMI_COUNTRY_RANGES.find(
    ([region, from, to]) =>
      region === first && WMI_CHARACTER_ORDER.indexOf(from) <= at && at <= WMI_CHARACTER_ORDER.indexOf(to),
  );
  return range?.[3] ?? null;
}

function manufacturerOf(characters: string[]): VinManufacturer | null {
  const wmi = characters.slice(0, 3).join('');
  if (wmi.length < 3 || ![...wmi].every((character) => VIN_CHARACTER.test(character))) return null;
  const listed = WMI_TABLE[wmi];
  const smallManufacturer = !listed && wmi[2] === '9';
  if (smallManufacturer) {
    // The maker is named by positions 12–14; until they are typed only the country is known.
    const extended = characters.slice(11, 14).join('');
    const key = extended.length === 3 ? `${wmi}${extended}` : wmi;
    const entry = extended.length === 3 ? WMI_TABLE[key] : undefined;
    return { wmi: key, make: entry?.make ?? null, country: entry?.country ?? wmiCountry(wmi), smallManufacturer };
  }
  return { wmi, make: listed?.make ?? null, country: listed?.country ?? wmiCountry(wmi), smallManufacturer };
}

/** Position 10's codes in order: one per year of a 30-year cycle starting 1980 (and 2010). */
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function modelYearsOf(code: string | undefined, latestModelYear: number | undefined) {
  const at = code === undefined ? -1 : MODEL_YEAR_CODES.indexOf(code);
  if (at < 0) return [];
  return [2010 + at, 1980 + at].filter((year) => latestModelYear === undefined || year <= latestModelYear);
}

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (49 CFR 565) of a VIN of 17 valid characters: "0"–"9" or "X". */
export function vinCheckDigit(vin: string) {
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index += 1) {
    const character = vin[index] ?? '0';
    const value = /\d/.test(character) ? Number(character) : (TRANSLITERATION[character] ?? 0);
    sum += value * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Checks a VIN as typed so far: what is wrong and where, the fix for I/O/Q as a suggestion, the
 * manufacturer and country from the WMI, the model-year hint and the check digit as advice.
 * `latestModelYear` (the caller's current year + 1) drops model-year candidates still to come.
 */
export function checkVin(raw: string, options: { latestModelYear?: number } = {}): VinCheck {
  const vin = normaliseVin(raw);
  const characters = [...vin];
  const problems: VinProblem[] = [];
  // Characters past the 17th are one "too long" problem, so a pasted essay gives a short list.
  characters.slice(0, VIN_LENGTH).forEach((character, index) => {
    const position = index + 1;
    if (VIN_CHARACTER.test(character)) return;
    if (isForbiddenLetter(character)) {
      problems.push({ kind: 'forbiddenLetter', position, letter: character, likelyMeant: LIKELY_MEANT[character] });
    } else {
      problems.push({ kind: 'badCharacter', position, shown: shownCharacter(character) });
    }
  });
  if (characters.length > VIN_LENGTH) problems.push({ kind: 'tooLong', length: characters.length });

  const onlyForbiddenLetters = problems.length > 0 && problems.every((problem) => problem.kind === 'forbiddenLetter');
  const suggestion = onlyForbiddenLetters
    ? characters.map((character) => (isForbiddenLetter(character) ? LIKELY_MEANT[character] : character)).join('')
    : null;

  const status: VinStatus =
    characters.length === 0
      ? 'empty'
      : problems.length > 0
        ? 'invalid'
        : characters.length < VIN_LENGTH
          ? 'incomplete'
          : 'valid';

  const yearCode = characters[9];
  return {
    vin,
    status,
    problems,
    suggestion,
    manufacturer: manufacturerOf(characters),
    modelYears:
      yearCode !== undefined && VIN_CHARACTER.test(yearCode) ? modelYearsOf(yearCode, options.latestModelYear) : [],
    checkDigit: status === 'valid' ? (vinCheckDigit(vin) === vin[8] ? 'valid' : 'mismatch') : 'notApplicable',
  };
}
