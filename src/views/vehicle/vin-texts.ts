import { useLingui } from '@lingui/react/macro';
import type { HsnTsnProblem } from '../../../common/vehicle/hsn-tsn';
import type { CheckDigitAdvisory, VinManufacturer, VinProblem } from '../../../common/vehicle/vin';

/** The sentences of the vehicle identity checks, in the reader's language (countries by Intl). */
export function useVinTexts() {
  const { t, i18n } = useLingui();
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  return {
    countryName,
    problem(problem: VinProblem) {
      switch (problem.kind) {
        case 'forbiddenLetter': {
          const { position, letter, likelyMeant } = problem;
          return t`Position ${position}: the letter ${letter} is not used in a VIN (perhaps ${likelyMeant}?).`;
        }
        case 'badCharacter': {
          const { position, shown } = problem;
          return t`Position ${position}: “${shown}” is not allowed — only digits and the letters A–Z without I, O and Q.`;
        }
        case 'tooLong': {
          const { length } = problem;
          return t`The VIN has ${length} characters; it must have exactly 17.`;
        }
      }
    },
    tooShort: (length: number) => t`The VIN has ${length} of 17 characters.`,
    progress: (length: number) => t`${length} of 17 characters`,
    manufacturer(manufacturer: VinManufacturer) {
      const country = manufacturer.country ? countryName(manufacturer.country) : null;
      const { wmi } = manufacturer;
      if (manufacturer.make && country) {
        const make = manufacturer.make;
        return t`Manufacturer: ${make} · Country: ${country}`;
      }
      if (manufacturer.make) {
        const make = manufacturer.make;
        return t`Manufacturer: ${make}`;
      }
      if (manufacturer.smallManufacturer && country) {
        return t`Small manufacturer (code ${wmi}) · Country: ${country}`;
      }
      if (country) return t`Manufacturer code ${wmi} is not in our list · Country: ${country}`;
      return t`Manufacturer code ${wmi} is not in our list`;
    },
    modelYears(years: number[]) {
      const [newer, older] = years;
      if (newer !== undefined && older !== undefined) {
        return t`Model year (hint only, many European makers do not encode it): ${newer} or ${older}`;
      }
      if (newer !== undefined) return t`Model year (hint only, many European makers do not encode it): ${newer}`;
      return null;
    },
    checkDigit(advisory: CheckDigitAdvisory) {
      if (advisory === 'valid') return t`Check digit (position 9) matches the North American rule.`;
      if (advisory === 'mismatch') {
        return t`Note: position 9 is not a North American check digit. That is usual for vehicles built for Europe and not an error.`;
      }
      return null;
    },
    hsnTsnProblem(problem: HsnTsnProblem) {
      const hsn = problem.field === 'hsn';
      switch (problem.kind) {
        case 'badCharacter': {
          const { position } = problem;
          return hsn
            ? t`HSN position ${position}: only digits are allowed.`
            : t`TSN position ${position}: only letters and digits are allowed.`;
        }
        case 'tooLong':
          return hsn ? t`The HSN has 4 digits (field 2.1).` : t`The TSN has 3 characters (the start of field 2.2).`;
        case 'tooShort':
          return hsn ? t`The HSN has 4 digits (field 2.1).` : t`The TSN has 3 characters (the start of field 2.2).`;
        case 'missing':
          return hsn ? t`Please also give the HSN (field 2.1).` : t`Please also give the TSN (field 2.2).`;
      }
    },
  };
}
