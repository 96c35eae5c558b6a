import * as v from 'valibot';
import type { MessageId } from './message-ids';

/** Minimum password length of spec §9; the maximum protects the hasher (architecture.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The spec's shared e-mail check (§5): lower-cased, a local part, "@", then a domain with at least
 * one dot and a top-level part of two or more letters, or a bracketed IPv4 address.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[^\s@.]+\.)+[a-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim().toLowerCase());
}

const message = (id: MessageId) => id;

/**
 * A missing key becomes '' and is checked by the field's own rules, so an absent field reports
 * the field's "required" message rather than valibot's generic object-key issue.
 */
function absentAsEmpty<TSchema extends v.GenericSchema<string, string>>(schema: TSchema) {
  return v.optional(schema, '');
}

export const emailField = absentAsEmpty(
  v.pipe(
    v.string(message('emailRequired')),
    v.trim(),
    v.nonEmpty(message('emailRequired')),
    v.maxLength(254, message('emailInvalid')),
    v.check(isValidEmail, message('emailInvalid')),
    v.toLowerCase(),
  ),
);

/** A password being presented (login): only presence is checked, never the policy. */
export const presentedPasswordField = absentAsEmpty(
  v.pipe(
    v.string(message('passwordRequired')),
    v.nonEmpty(message('passwordRequired')),
    v.maxLength(PASSWORD_MAX_LENGTH, message('passwordTooLong')),
  ),
);

/** A password being chosen: the length policy of spec §9 and architecture.md. */
export const newPasswordField = absentAsEmpty(
  v.pipe(
    v.string(message('passwordRequired')),
    v.nonEmpty(message('passwordRequired')),
    v.minLength(PASSWORD_MIN_LENGTH, message('passwordMinLength')),
    v.maxLength(PASSWORD_MAX_LENGTH, message('passwordTooLong')),
  ),
);

/**
 * The first issue per field, as message ids, in the order the schema declares the fields: the
 * form machines show exactly these, and the server reports the first one.
 */
export function fieldErrors<TKey extends string>(
  issues: readonly v.BaseIssue<unknown>[],
): Partial<Record<TKey, MessageId>> {
  const errors: Partial<Record<TKey, MessageId>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in errors)) {
      errors[key as TKey] = issue.message as MessageId;
    }
  }
  return errors;
}
