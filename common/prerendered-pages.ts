import type { Language } from './language';

/** The element the build fills with a page's prerendered markup; the app removes it on taking over. */
export const PRERENDERED_ELEMENT_ID = 'prerendered';

/** Beside the pages in dist/prerendered: the app's notice boxes, for the outcome of a plain form post. */
export const NOTICE_TEMPLATES_FILE = 'notice-templates.json';

/**
 * The prerendered forms the server answers as plain HTML form posts, at the page's own path
 * (server/forms/public-form-posts.ts, ADR 046): they work without JavaScript, and are sent by the
 * browser itself when someone submits before the app has taken over.
 */
export const FORMS_POSTED_WITHOUT_APP = ['/login', '/forgot-password'] as const;

/**
 * Prerendered forms with a captcha that the server also answers as plain form posts, once the
 * captcha widget has loaded into the copy (ADR 046): the browser posts them before the app has
 * arrived. Without the widget (JavaScript off, or reCAPTCHA configured) they are held for the app.
 */
export const FORMS_POSTED_WITH_CAPTCHA = ['/view-request'] as const;

/**
 * The place of a form's captcha widget (src/views/captcha/Captcha.tsx). In the prerendered copy the
 * widget alone is loaded into it once the form comes near the viewport (ADR 046), and the app takes
 * that widget over, solved or not, into the same place of its live form.
 */
export const CAPTCHA_HOST_ATTRIBUTE = 'data-captcha-host';
/** The name of the hidden input that carries the captcha widget's solution (the boot script reads it). */
export const CAPTCHA_FIELD_NAME = 'captcha';

/**
 * The public pages the build prerenders (scripts/prerender.ts) and the server sends with their
 * content already in the HTML. Only pages that look the same for every first-time visitor:
 * pages that read a token from the link (reset, invitations) or need a session are left out.
 */
// Pure: the boot script imports this module for its constants and must not carry the list.
export const prerenderedPages = /* @__PURE__ */ [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/view-request',
  '/part-dealer-onboarding',
  '/support',
  '/imprint',
  '/privacy',
  '/terms',
].map((pathname) => ({
  pathname,
  /** The route's file under src/routes, whose built styles the page inlines. */
  routeFile: `src/routes/${pathname === '/' ? 'index' : pathname.slice(1)}.tsx`,
  file: (language: Language) => `${pathname === '/' ? 'index' : pathname.slice(1)}.${language}.html`,
}));
