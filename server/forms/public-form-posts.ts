import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { forgotPasswordRequestSchema } from '../../common/contracts/account';
import { loginRequestSchema } from '../../common/contracts/auth';
import type { MessageId } from '../../common/contracts/message-ids';
import { invitationRequestSchema } from '../../common/contracts/workshop';
import { isAccountInactive, isFollowedRedirect, postLoginDestination } from '../../common/login-redirect';
import {
  CAPTCHA_FIELD_NAME,
  FORMS_POSTED_WITH_CAPTCHA,
  FORMS_POSTED_WITHOUT_APP,
  NOTICE_TEMPLATES_FILE,
  prerenderedPages,
} from '../../common/prerendered-pages';
import { SIGNED_IN_WITHOUT_APP_COOKIE } from '../../common/signed-in-without-app';
import type { ServerDeps } from '../context';
import { limitBody, sameOriginFormOnly } from '../http/request-guard';
import { ApiRefusal, validateBody } from '../http/respond';
import type { SessionAccess } from '../http/session-access';
import { requestLocale, translate } from '../i18n';
import { requestPasswordReset } from '../services/auth/account-routes';
import { attemptLogin } from '../services/auth/login';
import { toPublicUser } from '../services/auth/public-user';
import { requestInvitation } from '../services/workshop/invitation-request';

type NoticeTemplates = { error: string; success: string };
/** Notices a redirect after a plain form post may ask the next page to show (`?notice=`). */
export const REDIRECT_NOTICES = ['resetLinkSent', 'invitationRequested'] as const satisfies readonly MessageId[];
const NOTICE_TEXT_PLACEHOLDER = '%NOTICE_TEXT%';

/** The notice boxes the build wrote beside the prerendered pages; null when the SPA is not built. */
export function readNoticeTemplates(prerenderedDir: string): Promise<NoticeTemplates | null> {
  return readFile(path.join(prerenderedDir, NOTICE_TEMPLATES_FILE), 'utf8')
    .then((json) => JSON.parse(json) as NoticeTemplates)
    .catch(() => null);
}

function escapeHtml(text: string) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A form post's fields as strings; a repeated field or a file is not something these forms send. */
async function readFormFields(c: Context): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ApiRefusal(400, 'invalidRequest');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new ApiRefusal(400, 'invalidRequest');
    fields[name] = value;
  }
  return fields;
}

/**
 * The prerendered page in the visitor's language with a notice above the form (and the
 * notice's field marked invalid) and the kept values filled in. Only fields named in `kept`
 * are ever written back: never a password.
 */
export function pageWithNotice(
  html: string,
  templates: NoticeTemplates,
  formAction: string,
  notice: { tone: 'error' | 'success'; text: string; field?: string },
  kept: Record<string, string> = {},
) {
  const noticeMarkup = templates[notice.tone].replace(NOTICE_TEXT_PLACEHOLDER, escapeHtml(notice.text));
  let page = html.replace(
    new RegExp(`<form\\b[^>]*\\baction="${formAction}(?:[?#][^"]*)?"[^>]*>`),
    (formTag) => `${formTag}${noticeMarkup}`,
  );
  for (const [name, value] of Object.entries(kept)) {
    page = page.replace(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`), (input) =>
      input.replace(/\svalue="[^"]*"/, '').replace('<input', `<input value="${escapeHtml(value)}"`),
    );
  }
  if (notice.field) {
    page = page.replace(new RegExp(`<input\\b[^>]*\\bname="${notice.field}"[^>]*>`), (input) =>
      input.replace('<input', '<input aria-invalid="true"'),
    );
  }
  return page;
}

const LOGIN_FORM_ACTION = 'action="/login"';

/**
 * The login page whose form posts back the page's `?redirect=` (ADR 046): the prerendered form
 * has a fixed action, so the server writes the target into it, only one the login follows (the
 * app's own rule, common/login-redirect.ts); anything else leaves the page as it is.
 */
export function loginPageKeepingRedirect(html: string, redirect: string | undefined) {
  if (!isFollowedRedirect(redirect)) return html;
  return html.replace(LOGIN_FORM_ACTION, `action="/login?redirect=${escapeHtml(encodeURIComponent(redirect))}"`);
}

/**
 * Plain HTML form posts to the prerendered public pages (ADR 046): `POST /login`,
 * `POST /forgot-password` and `POST /view-request` run the JSON endpoints' own code (schema,
 * captcha, throttles, rate limits, messages) behind the same origin checks, then redirect (303) or
 * answer the page again with the translated error and the typed values (never a password). Every
 * other prerendered form says it needs JavaScript.
 */
export function createPublicFormPosts(deps: ServerDeps, access: SessionAccess, allowedOrigins: readonly string[]) {
  const routes = new Hono();
  const prerenderedDir = path.join(deps.config.staticDir, 'prerendered');
  const postedPaths = new Set<string>([...FORMS_POSTED_WITHOUT_APP, ...FORMS_POSTED_WITH_CAPTCHA]);

  async function answerWithPage(
    c: Context,
    status: ContentfulStatusCode,
    pathname: string,
    notice: { tone: 'error' | 'success'; messageId: MessageId; field?: string },
    kept: Record<string, string> = {},
  ) {
    const locale = requestLocale(c);
    const text = translate(locale, notice.messageId);
    const page = prerenderedPages.find((candidate) => candidate.pathname === pathname);
    const [html, templates] = await Promise.all([
      page ? readFile(path.join(prerenderedDir, page.file(locale)), 'utf8').catch(() => null) : null,
      readNoticeTemplates(prerenderedDir),
    ]);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Language', locale);
    // Not built (server tests without `npm run build`): the message alone, still translated.
    if (!html || !templates) return c.text(text, status);
    const answer = pageWithNotice(html, templates, pathname, { ...notice, text }, kept);
    return c.html(pathname === '/login' ? loginPageKeepingRedirect(answer, c.req.query('redirect')) : answer, status);
  }

  async function answerRefusal(c: Context, error: unknown, pathname: string, kept: Record<string, string>) {
    if (!(error instanceof ApiRefusal)) throw error;
    for (const [name, value] of Object.entries(error.extra.headers ?? {})) c.header(name, value);
    return answerWithPage(
      c,
      error.status,
      pathname,
      { tone: 'error', messageId: error.messageId, ...error.extra },
      kept,
    );
  }

  const refuseForeignOrUnreadable = sameOriginFormOnly(allowedOrigins, (c, status, messageId) =>
    answerWithPage(c, status, c.req.path, { tone: 'error', messageId }),
  );
  for (const page of prerenderedPages) routes.post(page.pathname, limitBody, refuseForeignOrUnreadable);

  routes.post('/login', async (c) => {
    let kept: Record<string, string> = {};
    try {
      const fields = await readFormFields(c);
      kept = { email: fields.email ?? '' };
      const credentials = validateBody({ ...fields, rememberMe: fields.rememberMe === 'true' }, loginRequestSchema);
      const user = await attemptLogin(deps, access, c, credentials);
      if (isAccountInactive(user)) return c.redirect(`/account?status=${user.status}`, 303);
      setCookie(c, SIGNED_IN_WITHOUT_APP_COOKIE, '1', {
        path: '/',
        sameSite: 'Lax',
        secure: access.cookieSettings.secure,
        maxAge: 300,
      });
      // The page's `?redirect=`, posted back in the action (loginPageKeepingRedirect), checked as the app checks it.
      return c.redirect(postLoginDestination(toPublicUser(user, deps.config), c.req.query('redirect') ?? null), 303);
    } catch (error) {
      return answerRefusal(c, error, '/login', kept);
    }
  });

  routes.post('/forgot-password', async (c) => {
    let kept: Record<string, string> = {};
    try {
      const fields = await readFormFields(c);
      kept = { email: fields.email ?? '' };
      const { email } = validateBody(fields, forgotPasswordRequestSchema);
      await requestPasswordReset(deps, c, email);
      return c.redirect('/login?notice=resetLinkSent', 303);
    } catch (error) {
      return answerRefusal(c, error, '/forgot-password', kept);
    }
  });

  // The invitation request, sent from the copy once its captcha widget has loaded there (before the
  // app has arrived). Without JavaScript the widget never loads and the post carries no answer at
  // all: the page says so rather than asking for a robot check the visitor cannot see.
  routes.post('/view-request', async (c) => {
    let kept: Record<string, string> = {};
    try {
      const fields = await readFormFields(c);
      kept = {
        workshop_primary_email: fields.workshop_primary_email ?? '',
        workshop_account_name: fields.workshop_account_name ?? '',
      };
      const answer = fields[CAPTCHA_FIELD_NAME];
      if (answer === undefined) throw new ApiRefusal(400, 'javascriptRequired');
      const form = validateBody({ ...fields, recaptcha: answer, mode: 'plain' }, invitationRequestSchema);
      await requestInvitation(deps, c, form);
      return c.redirect('/view-request?notice=invitationRequested', 303);
    } catch (error) {
      return answerRefusal(c, error, '/view-request', kept);
    }
  });

  // The other prerendered forms (sign-up, dealer onboarding) need the app:
  // without JavaScript they say so, in the visitor's language, instead of failing silently.
  for (const page of prerenderedPages) {
    if (postedPaths.has(page.pathname)) continue;
    routes.post(page.pathname, (c) =>
      answerWithPage(c, 200, page.pathname, { tone: 'error', messageId: 'javascriptRequired' }),
    );
  }
  return routes;
}

/** The notice a redirect asked for (`?notice=`), when it is one of REDIRECT_NOTICES. */
export function redirectNotice(value: string | undefined): (typeof REDIRECT_NOTICES)[number] | null {
  return REDIRECT_NOTICES.find((notice) => notice === value) ?? null;
}
