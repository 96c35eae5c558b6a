import * as v from 'valibot';
import type { MessageId } from './message-ids';

const message = (id: MessageId) => id;

/** Signed link tokens (reset, invitations) are JWTs: shorter is never one, longer is refused unread. */
const TOKEN_MIN_LENGTH = 20;
export const TOKEN_MAX_LENGTH = 2000;

/** A signed link token in a request body; `missingMessage` is what a missing or cut-off one says. */
export function signedTokenField(missingMessage: MessageId = 'tokenInvalid') {
  return v.pipe(
    v.string(message(missingMessage)),
    v.minLength(TOKEN_MIN_LENGTH, message(missingMessage)),
    v.maxLength(TOKEN_MAX_LENGTH, message('tokenInvalid')),
  );
}

/** The `token` search parameter of a link page: a string within the length limit, or absent. */
export const tokenSearchParam = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' && value.length <= TOKEN_MAX_LENGTH ? value : undefined)),
  ),
);

/** Minimum password length of docs/product.md §9; the maximum protects the hasher (docs/product.md §5, Passwords). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The shared e-mail check of docs/product.md §5: lower-cased, a local part, "@", then a domain with at least
 * one dot and a top-level part of two or more letters, or a bracketed IPv4 address.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[^\s@.]+\.)+[a-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim().toLowerCase());
}

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

/** A password being chosen: the length policy of docs/product.md §5 (Passwords) and §9. */
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

/**
 * Unicode's explicit direction controls: embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069). Invisible, they make stored text display in another order than it was typed
 * ("Bremsscheibe \u202Eetiesknil" shows as "… linkseite"), in screens, mail bodies and subjects
 * (issue 27 §8). Letters of right-to-left scripts and the implicit marks (U+200E/F) stay allowed.
 */
export const TEXT_DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * The one rule every free-text field of a request carries (issue 27 §8): no direction controls,
 * refused with `textDirectionControls`. Put it into the field's pipe after `v.trim()`.
 */
export function plainText() {
  return v.check((text: string) => !TEXT_DIRECTION_CONTROLS.test(text), message('textDirectionControls'));
}

/** A required free-text field: trimmed, plain text, non-empty, at most `max` characters. */
export function requiredText(requiredMessage: MessageId, max = 120) {
  return absentAsEmpty(
    v.pipe(
      v.string(message(requiredMessage)),
      v.trim(),
      plainText(),
      v.nonEmpty(message(requiredMessage)),
      v.maxLength(max, message('fieldTooLong')),
    ),
  );
}

/** docs/product.md §5: optional plus, then at least 7 digits, spaces, hyphens or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{7,}$/;
export const phoneField = absentAsEmpty(
  v.pipe(
    v.string(message('phoneRequired')),
    v.trim(),
    v.nonEmpty(message('phoneRequired')),
    v.maxLength(30, message('phoneInvalid')),
    v.regex(PHONE_PATTERN, message('phoneInvalid')),
  ),
);

/** docs/product.md §9: postal codes of 4 to 6 digits (DE 5, AT/CH/BE 4, NL 4 digits as entered). */
export const POSTAL_CODE_PATTERN = /^\d{4,6}$/;
export const postalCodeField = absentAsEmpty(
  v.pipe(
    v.string(message('zipRequired')),
    v.trim(),
    v.nonEmpty(message('zipRequired')),
    v.regex(POSTAL_CODE_PATTERN, message('zipInvalid')),
  ),
);

/** The confirmation of a new password: required; equality is checked by `passwordsMatch`. */
export const confirmPasswordField = absentAsEmpty(
  v.pipe(v.string(message('confirmPasswordRequired')), v.nonEmpty(message('confirmPasswordRequired'))),
);

type PasswordPair = { password: string; confirm_password: string };

/** Reports a mismatch on `confirm_password` once every field has passed its own rules. */
export function passwordsMatch<TInput extends PasswordPair>() {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.password === dataset.value.confirm_password) return;
    addIssue({
      message: message('passwordsDoNotMatch'),
      path: [
        {
          type: 'object',
          origin: 'value',
          input: dataset.value,
          key: 'confirm_password',
          value: dataset.value.confirm_password,
        },
      ],
    });
  });
}

/** The largest value of a PostgreSQL `integer` column, the type of every stored id. */
export const MAX_RECORD_ID = 2_147_483_647;

/** An id of a stored record in a body: a whole number the database can hold, else a translated 400. */
export const recordIdField = v.pipe(
  v.number('invalidRequest'),
  v.integer('invalidRequest'),
  v.minValue(1, 'invalidRequest'),
  v.maxValue(MAX_RECORD_ID, 'invalidRequest'),
);
