import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { MessageId } from '../src/contracts/message-ids';

export const serverLocales = ['de', 'en'] as const;
export type ServerLocale = (typeof serverLocales)[number];

/**
 * The server's own catalog for API messages. It is typed against the shared message ids, so a
 * message missing in either language fails the type check (the SPA's Lingui catalogs are
 * checked by tests/unit/i18n-completeness.test.ts).
 */
export const serverMessages: Record<ServerLocale, Record<MessageId, string>> = {
  de: {
    emailRequired: 'E-Mail ist erforderlich',
    emailInvalid: 'E-Mail ist ungültig',
    passwordRequired: 'Passwort erforderlich',
    passwordMinLength: 'Passwort sollte mindestens 8 Zeichen lang sein',
    passwordTooLong: 'Das Passwort darf höchstens 128 Zeichen lang sein',
    invalidCredentials: 'E-Mail oder Passwort ist falsch',
    tooManyAttempts: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    sessionMissing: 'Bitte melden Sie sich an.',
    forbidden: 'Dafür fehlt Ihnen die Berechtigung.',
    loggedOut: 'Sie wurden abgemeldet.',
    loginSuccess: 'Anmeldung erfolgreich',
    invalidRequest: 'Die Anfrage ist ungültig.',
    unsupportedContentType: 'Anfragen müssen als JSON gesendet werden.',
    foreignOrigin: 'Anfragen von fremden Seiten werden nicht angenommen.',
    bodyTooLarge: 'Die Anfrage ist zu groß.',
    notFound: 'Nicht gefunden.',
    serverError: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    serviceUnavailable: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    captchaRequired: 'Bitte bestätigen Sie, dass Sie kein Roboter sind.',
    captchaInvalid: 'Die Roboter-Prüfung ist abgelaufen oder ungültig. Bitte erneut bestätigen.',
    networkError: 'Keine Verbindung zum Server.',
  },
  en: {
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    passwordRequired: 'Password is required',
    passwordMinLength: 'Password should be at least 8 characters long',
    passwordTooLong: 'The password may be at most 128 characters long',
    invalidCredentials: 'Email or password is incorrect',
    tooManyAttempts: 'Too many attempts. Please try again later.',
    sessionMissing: 'Please log in.',
    forbidden: 'You do not have permission to do that.',
    loggedOut: 'You have been logged out.',
    loginSuccess: 'Login successful',
    invalidRequest: 'The request is invalid.',
    unsupportedContentType: 'Requests must be sent as JSON.',
    foreignOrigin: 'Requests from other sites are not accepted.',
    bodyTooLarge: 'The request is too large.',
    notFound: 'Not found.',
    serverError: 'An unexpected error occurred. Please try again.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
    captchaRequired: 'Please confirm that you are not a robot.',
    captchaInvalid: 'The robot check has expired or is invalid. Please confirm again.',
    networkError: 'No connection to the server.',
  },
};

/** The SPA's language cookie wins; otherwise Accept-Language; German by default (spec §9). */
export function requestLocale(c: Context): ServerLocale {
  const cookie = getCookie(c, 'defaultLanguage');
  if (cookie === 'de' || cookie === 'en') return cookie;
  const accepted = c.req.header('accept-language')?.toLowerCase() ?? '';
  const first = accepted.split(',')[0]?.trim() ?? '';
  if (first.startsWith('en')) return 'en';
  return 'de';
}

export function translate(locale: ServerLocale, id: MessageId): string {
  return serverMessages[locale][id];
}
