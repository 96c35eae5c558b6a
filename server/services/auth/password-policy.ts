import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../../common/contracts/fields';
import { ApiRefusal } from '../../http/respond';

let commonPasswords: Set<string> | null = null;

/** The ~49 000 most common passwords (zxcvbn-ts), kept to those the length rule lets through. */
function common() {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[])
      .filter((word) => word.length >= PASSWORD_MIN_LENGTH)
      .map((word) => word.toLowerCase()),
  );
  return commonPasswords;
}

/**
 * NIST 800-63B: no composition rules, but refuse passwords known from breach lists. Applied on
 * the server only (the list never ships to the browser), after the shared schema's length rule.
 */
export function assertPasswordNotCommon(password: string) {
  if (common().has(password.toLowerCase())) {
    throw new ApiRefusal(400, 'passwordTooCommon', { field: 'password' });
  }
}
