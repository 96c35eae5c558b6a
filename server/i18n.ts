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
    confirmPasswordRequired: 'Bitte Passwort bestätigen',
    passwordsDoNotMatch: 'Passwörter stimmen nicht überein',
    passwordTooCommon: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
    currentPasswordRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein',
    currentPasswordWrong: 'Das aktuelle Passwort ist falsch',
    companyNameRequired: 'Firmenname ist erforderlich',
    firstNameRequired: 'Vorname ist erforderlich',
    lastNameRequired: 'Nachname ist erforderlich',
    phoneRequired: 'Telefonnummer ist erforderlich',
    phoneInvalid: 'Ungültige Telefonnummer',
    zipRequired: 'Postleitzahl ist erforderlich',
    zipInvalid: 'Ungültige Postleitzahl',
    termsRequired: 'Bitte akzeptieren Sie die Nutzungsbedingungen und die Datenschutzerklärung',
    fieldTooLong: 'Dieser Eintrag ist zu lang',
    tokenInvalid: 'Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.',
    tokenExpired: 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
    tokenUsed: 'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
    signUpReceived: 'Vielen Dank für Ihre Registrierung. Wir prüfen Ihre Angaben und melden uns per E-Mail.',
    resetLinkSent:
      'Wenn ein Konto mit dieser E-Mail-Adresse verknüpft ist, haben wir einen Link zum Zurücksetzen gesendet.',
    passwordChanged: 'Ihr Passwort wurde geändert.',
    passwordReset: 'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
    userActivated: 'Das Konto ist freigeschaltet.',
    userDeactivated: 'Das Konto ist deaktiviert.',
    cannotChangeOwnStatus: 'Ihr eigenes Konto können Sie nicht ändern.',
    fieldRequired: 'Dieses Feld ist erforderlich',
    enterName: 'Bitte geben Sie Ihren Vornamen ein',
    enterPassword: 'Bitte geben Sie ein Passwort ein',
    password8CharLong: 'Das Passwort muss mindestens 8 Zeichen lang sein',
    selectDMSID: 'Bitte wählen Sie Ihr DMS aus',
    selectDMSAccId: 'Bitte geben Sie Ihre DMS-Kundenreferenznummer ein',
    customerNoRequired: 'Kundennummer erforderlich',
    customerNoInvalid: 'Die Kundennummer darf nur Ziffern enthalten',
    atLeastPartsSupplier: 'Bitte wählen Sie mindestens einen Teilelieferanten aus',
    invitationRequested: 'Vielen Dank! Ihre Anfrage ist eingegangen. Bitte prüfen Sie Ihr Postfach.',
    leadApproved: 'Die Anfrage ist freigegeben und die Einladung wurde versendet.',
    leadRejected: 'Die Anfrage wurde abgelehnt.',
    leadNotOpen: 'Über diese Anfrage wurde bereits entschieden.',
    accountCreated: 'Ihr Konto wurde angelegt.',
    detailsSaved: 'Ihre Angaben wurden gespeichert.',
    accountExists: 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.',
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
    confirmPasswordRequired: 'Please confirm your password',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooCommon: 'This password is too common. Please choose another one.',
    currentPasswordRequired: 'Please enter your current password',
    currentPasswordWrong: 'The current password is incorrect',
    companyNameRequired: 'Company name is required',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Invalid phone number',
    zipRequired: 'Postal code is required',
    zipInvalid: 'Invalid postal code',
    termsRequired: 'Please accept the terms of use and the privacy policy',
    fieldTooLong: 'This entry is too long',
    tokenInvalid: 'This link is invalid. Please request a new one.',
    tokenExpired: 'This link has expired. Please request a new one.',
    tokenUsed: 'This link has already been used. Please request a new one.',
    signUpReceived: 'Thank you for registering. We will review your details and get back to you by e-mail.',
    resetLinkSent: 'If an account is linked to this e-mail address, we have sent a reset link.',
    passwordChanged: 'Your password has been changed.',
    passwordReset: 'Your password has been reset. You can now log in.',
    userActivated: 'The account is now active.',
    userDeactivated: 'The account is now deactivated.',
    cannotChangeOwnStatus: 'You cannot change your own account.',
    fieldRequired: 'This field is required',
    enterName: 'Please enter your first name',
    enterPassword: 'Please enter a password',
    password8CharLong: 'The password must be at least 8 characters long',
    selectDMSID: 'Please select your DMS',
    selectDMSAccId: 'Please enter your DMS customer reference number',
    customerNoRequired: 'Customer number required',
    customerNoInvalid: 'The customer number may contain digits only',
    atLeastPartsSupplier: 'Please select at least one parts supplier',
    invitationRequested: 'Thank you! Your request has been received. Please check your inbox.',
    leadApproved: 'The request is approved and the invitation has been sent.',
    leadRejected: 'The request has been rejected.',
    leadNotOpen: 'This request has already been decided.',
    accountCreated: 'Your account has been created.',
    detailsSaved: 'Your details have been saved.',
    accountExists: 'An account with this e-mail address already exists. Please log in.',
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
