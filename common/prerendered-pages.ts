import type { Language } from './language';

/** The element the build fills with a page's prerendered markup; the app removes it on taking over. */
export const PRERENDERED_ELEMENT_ID = 'prerendered';

/**
 * The public pages the build prerenders (scripts/prerender.ts) and the server sends with their
 * content already in the HTML. Only pages that look the same for every first-time visitor:
 * pages that read a token from the link (reset, invitations) or need a session are left out.
 */
export const prerenderedPages = [
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
