/**
 * Every validation or server message is carried as one of these ids; the SPA translates them with
 * Lingui (src/i18n/message-catalog.ts) and the server with its own catalog (server/i18n.ts).
 * Keeping the list in one place lets both sides be checked for completeness by the compiler.
 */
export const messageIds = [
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordMinLength',
  'passwordTooLong',
  'invalidCredentials',
  'tooManyAttempts',
  'sessionMissing',
  'forbidden',
  'loggedOut',
  'loginSuccess',
  'invalidRequest',
  'unsupportedContentType',
  'foreignOrigin',
  'bodyTooLarge',
  'notFound',
  'serverError',
  'serviceUnavailable',
  'captchaRequired',
  'captchaInvalid',
  'networkError',
  'confirmPasswordRequired',
  'passwordsDoNotMatch',
  'passwordTooCommon',
  'currentPasswordRequired',
  'currentPasswordWrong',
  'companyNameRequired',
  'firstNameRequired',
  'lastNameRequired',
  'phoneRequired',
  'phoneInvalid',
  'zipRequired',
  'zipInvalid',
  'termsRequired',
  'fieldTooLong',
  'tokenInvalid',
  'tokenExpired',
  'tokenUsed',
  'signUpReceived',
  'resetLinkSent',
  'passwordChanged',
  'passwordReset',
  'userActivated',
  'userDeactivated',
  'cannotChangeOwnStatus',
] as const;

export type MessageId = (typeof messageIds)[number];

export function isMessageId(value: unknown): value is MessageId {
  return typeof value === 'string' && (messageIds as readonly string[]).includes(value);
}
