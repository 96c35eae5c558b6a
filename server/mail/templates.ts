import { html, raw } from 'hono/html';
import type { ServerLocale } from '../i18n';

export type RenderedMail = { subject: string; text: string; html: string };

function hello(locale: ServerLocale, firstName?: string) {
  if (!firstName) return locale === 'de' ? 'Hallo,' : 'Hello,';
  return locale === 'de' ? `Hallo ${firstName},` : `Hello ${firstName},`;
}

function teamClosing(locale: ServerLocale) {
  return locale === 'de' ? 'Ihr Teileportal-Team' : 'Your Teileportal team';
}

type Paragraphs = { greeting: string; lines: string[]; action?: { label: string; url: string }; closing: string };

function layout(locale: ServerLocale, content: Paragraphs): { text: string; html: string } {
  const footer =
    locale === 'de'
      ? 'Teileportal · Pilotphase · Diese E-Mail wurde automatisch erstellt.'
      : 'Teileportal · pilot phase · This e-mail was generated automatically.';
  const text = [
    content.greeting,
    '',
    ...content.lines,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    content.closing,
    '',
    '--',
    footer,
  ].join('\n');
  const body = html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>Teileportal</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${content.greeting}</p>
${raw(content.lines.map((line) => html`<p>${line}</p>`).join(''))}
${content.action ? html`<p><a href="${content.action.url}" style="display:inline-block;background:#0b5fad;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${content.action.label}</a></p><p style="font-size:13px;color:#4a5a6a">${content.action.url}</p>` : ''}
<p>${content.closing}</p>
<hr style="border:none;border-top:1px solid #d5dde5"><p style="font-size:12px;color:#4a5a6a">${footer}</p>
</body></html>`;
  return { text, html: String(body) };
}

/** Every mail the portal sends, in German and English. Parameters are escaped in the HTML part. */
export const mailTemplates = {
  passwordReset(locale: ServerLocale, params: { firstName: string; resetUrl: string; validMinutes: number }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihr Link zum Zurücksetzen des Passworts' : 'Your password reset link',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? 'Sie haben einen Link zum Zurücksetzen Ihres Passworts für das Teileportal angefordert.'
            : 'You asked for a link to reset your Teileportal password.',
          de
            ? `Der Link ist ${params.validMinutes} Minuten gültig und kann nur einmal verwendet werden. Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.`
            : `The link is valid for ${params.validMinutes} minutes and can be used once. If this was not you, you can ignore this e-mail.`,
        ],
        action: { label: de ? 'Passwort zurücksetzen' : 'Reset password', url: params.resetUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  passwordChanged(locale: ServerLocale, params: { firstName: string; loginUrl: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihr Passwort wurde geändert' : 'Your password was changed',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? 'Das Passwort Ihres Teileportal-Kontos wurde soeben geändert. Alle bestehenden Anmeldungen wurden beendet.'
            : 'The password of your Teileportal account was just changed. All existing sessions were ended.',
          de
            ? 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie unseren Support.'
            : 'If this was not you, reset your password at once and contact our support.',
        ],
        action: { label: de ? 'Zur Anmeldung' : 'Go to login', url: params.loginUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  signUpReceived(locale: ServerLocale, params: { firstName: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Wir haben Ihre Registrierung erhalten' : 'We have received your registration',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? 'vielen Dank für Ihre Registrierung beim Teileportal. In der Pilotphase prüfen wir jedes Konto von Hand.'
            : 'thank you for registering with Teileportal. During the pilot phase we review every account by hand.',
          de
            ? 'Sobald Ihr Konto freigeschaltet ist, erhalten Sie eine weitere E-Mail und können sich anmelden.'
            : 'As soon as your account is activated you will receive another e-mail and can log in.',
        ],
        closing: teamClosing(locale),
      }),
    };
  },
  signUpAlreadyRegistered(locale: ServerLocale, params: { firstName: string; loginUrl: string; forgotUrl: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Registrierung mit Ihrer E-Mail-Adresse' : 'Registration with your e-mail address',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? 'gerade wollte sich jemand mit Ihrer E-Mail-Adresse beim Teileportal registrieren. Sie haben bereits ein Konto.'
            : 'someone just tried to register with your e-mail address at Teileportal. You already have an account.',
          de
            ? `Wenn Sie das waren, melden Sie sich einfach an. Passwort vergessen? ${params.forgotUrl}`
            : `If that was you, simply log in. Forgot your password? ${params.forgotUrl}`,
        ],
        action: { label: de ? 'Zur Anmeldung' : 'Go to login', url: params.loginUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  accountAwaitsReview(
    locale: ServerLocale,
    params: { name: string; company: string; email: string; reviewUrl: string },
  ) {
    const de = locale === 'de';
    return {
      subject: de ? `Neue Registrierung: ${params.company}` : `New registration: ${params.company}`,
      ...layout(locale, {
        greeting: hello(locale),
        lines: [
          de
            ? `${params.name} (${params.email}) hat für ${params.company} ein Konto registriert. Es wartet auf Ihre Prüfung.`
            : `${params.name} (${params.email}) registered an account for ${params.company}. It awaits your review.`,
        ],
        action: { label: de ? 'Konten prüfen' : 'Review accounts', url: params.reviewUrl },
        closing: 'Teileportal',
      }),
    };
  },
  accountActivated(locale: ServerLocale, params: { firstName: string; loginUrl: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihr Teileportal-Konto ist freigeschaltet' : 'Your Teileportal account is active',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? 'wir haben Ihr Konto geprüft und freigeschaltet. Sie können sich ab sofort anmelden.'
            : 'we have reviewed and activated your account. You can log in now.',
        ],
        action: { label: de ? 'Zur Anmeldung' : 'Go to login', url: params.loginUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  invitationRequestReceived(locale: ServerLocale, params: { workshopName: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihre Einladungsanfrage beim Teileportal' : 'Your invitation request at Teileportal',
      ...layout(locale, {
        greeting: de ? 'Guten Tag,' : 'Hello,',
        lines: [
          de
            ? `vielen Dank für Ihre Anfrage für ${params.workshopName}. In der Pilotphase prüfen wir jede Anfrage von Hand.`
            : `thank you for your request for ${params.workshopName}. During the pilot phase we review every request by hand.`,
          de
            ? 'Sobald Ihre Anfrage freigegeben ist, erhalten Sie eine Einladung mit einem Link zur Einrichtung Ihres Kontos.'
            : 'Once your request is approved you will receive an invitation with a link to set up your account.',
        ],
        closing: teamClosing(locale),
      }),
    };
  },
  invitationRequestAwaitsReview(
    locale: ServerLocale,
    params: { workshopName: string; email: string; reviewUrl: string },
  ) {
    const de = locale === 'de';
    return {
      subject: de ? `Neue Einladungsanfrage: ${params.workshopName}` : `New invitation request: ${params.workshopName}`,
      ...layout(locale, {
        greeting: hello(locale),
        lines: [
          de
            ? `${params.email} bittet für ${params.workshopName} um eine Einladung.`
            : `${params.email} asks for an invitation for ${params.workshopName}.`,
        ],
        action: { label: de ? 'Anfragen prüfen' : 'Review requests', url: params.reviewUrl },
        closing: 'Teileportal',
      }),
    };
  },
  workshopInvitation(locale: ServerLocale, params: { workshopName: string; onboardingUrl: string; validDays: number }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihre Einladung zum Teileportal' : 'Your invitation to Teileportal',
      ...layout(locale, {
        greeting: de ? 'Guten Tag,' : 'Hello,',
        lines: [
          de
            ? `Ihre Anfrage für ${params.workshopName} ist freigegeben. Über den folgenden Link legen Sie Ihr Konto an und hinterlegen Ihr DMS und Ihre Teilelieferanten.`
            : `Your request for ${params.workshopName} is approved. Use the link below to create your account and add your DMS and part suppliers.`,
          de
            ? `Der Link ist ${params.validDays} Tage gültig und kann einmal zur Kontoanlage verwendet werden.`
            : `The link is valid for ${params.validDays} days and can be used once to create the account.`,
        ],
        action: { label: de ? 'Konto einrichten' : 'Set up account', url: params.onboardingUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  invitationRejected(locale: ServerLocale, params: { workshopName: string; reason: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihre Einladungsanfrage beim Teileportal' : 'Your invitation request at Teileportal',
      ...layout(locale, {
        greeting: de ? 'Guten Tag,' : 'Hello,',
        lines: [
          de
            ? `leider können wir Ihre Anfrage für ${params.workshopName} in der Pilotphase nicht annehmen.`
            : `unfortunately we cannot accept your request for ${params.workshopName} during the pilot phase.`,
          ...(params.reason ? [de ? `Begründung: ${params.reason}` : `Reason: ${params.reason}`] : []),
        ],
        closing: teamClosing(locale),
      }),
    };
  },
  userInvitation(
    locale: ServerLocale,
    params: { firstName: string; companyName: string; registrationUrl: string; validDays: number },
  ) {
    const de = locale === 'de';
    return {
      subject: de ? 'Einladung zum Teileportal' : 'Invitation to Teileportal',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? `Sie wurden eingeladen, für ${params.companyName} ein Konto im Teileportal anzulegen.`
            : `You have been invited to create a Teileportal account for ${params.companyName}.`,
          de
            ? `Der Link ist ${params.validDays} Tage gültig und kann einmal verwendet werden.`
            : `The link is valid for ${params.validDays} days and can be used once.`,
        ],
        action: { label: de ? 'Jetzt registrieren' : 'Register now', url: params.registrationUrl },
        closing: teamClosing(locale),
      }),
    };
  },
  dealerRegistrationReceived(locale: ServerLocale, params: { firstName: string; companyName: string }) {
    const de = locale === 'de';
    return {
      subject: de ? 'Ihre Registrierung als Teilehändler' : 'Your part-dealer registration',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines: [
          de
            ? `vielen Dank für die Registrierung von ${params.companyName}. In der Pilotphase prüfen wir jede Registrierung von Hand und melden uns per E-Mail.`
            : `thank you for registering ${params.companyName}. During the pilot phase we review every registration by hand and will get back to you by e-mail.`,
        ],
        closing: teamClosing(locale),
      }),
    };
  },
  dealerAwaitsReview(locale: ServerLocale, params: { companyName: string; email: string; reviewUrl: string }) {
    const de = locale === 'de';
    return {
      subject: de
        ? `Neue Händlerregistrierung: ${params.companyName}`
        : `New dealer registration: ${params.companyName}`,
      ...layout(locale, {
        greeting: hello(locale),
        lines: [
          de
            ? `${params.companyName} (${params.email}) hat sich als Teilehändler registriert.`
            : `${params.companyName} (${params.email}) registered as a part dealer.`,
        ],
        action: { label: de ? 'Registrierungen prüfen' : 'Review registrations', url: params.reviewUrl },
        closing: 'Teileportal',
      }),
    };
  },
  dealerDecision(
    locale: ServerLocale,
    params: { firstName: string; companyName: string; verified: boolean; reason: string },
  ) {
    const de = locale === 'de';
    const lines = params.verified
      ? [
          de
            ? `die Registrierung von ${params.companyName} ist geprüft und bestätigt. Wir melden uns zu den nächsten Schritten.`
            : `the registration of ${params.companyName} has been reviewed and confirmed. We will be in touch about the next steps.`,
        ]
      : [
          de
            ? `leider können wir die Registrierung von ${params.companyName} in der Pilotphase nicht annehmen.`
            : `unfortunately we cannot accept the registration of ${params.companyName} during the pilot phase.`,
          ...(params.reason ? [de ? `Begründung: ${params.reason}` : `Reason: ${params.reason}`] : []),
        ];
    return {
      subject: de ? 'Ihre Registrierung als Teilehändler' : 'Your part-dealer registration',
      ...layout(locale, {
        greeting: hello(locale, params.firstName),
        lines,
        closing: teamClosing(locale),
      }),
    };
  },
  contactMessage(locale: ServerLocale, params: { name: string; email: string; info: string }) {
    const de = locale === 'de';
    return {
      subject: de ? `Kontaktanfrage von ${params.name}` : `Contact request from ${params.name}`,
      ...layout(locale, {
        greeting: hello(locale),
        lines: [
          de
            ? `${params.name} (${params.email}) schreibt über das Kontaktformular:`
            : `${params.name} (${params.email}) writes via the contact form:`,
          params.info,
        ],
        closing: 'Teileportal',
      }),
    };
  },
} satisfies Record<string, (locale: ServerLocale, params: never) => RenderedMail>;
