import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { languageFromCookie } from '../common/language';
import { prerenderedPages } from '../common/prerendered-pages';
import {
  loginPageKeepingRedirect,
  pageWithNotice,
  readNoticeTemplates,
  redirectNotice,
} from './forms/public-form-posts';
import { translate } from './i18n';

/**
 * Serves the built SPA: hashed assets with a long cache, everything else falls back to
 * index.html so client routes survive a reload (history fallback).
 */
export function createSpaRoutes(staticDir: string) {
  const routes = new Hono();
  const root = path.relative(process.cwd(), staticDir) || '.';
  if (!existsSync(staticDir)) {
    // Not built (server tests, or `node server/main.ts` without `npm run build`): explain, don't guess.
    routes.get('*', (c) =>
      c.text('The SPA has not been built yet. Run `npm run build` (npm start does this for you).', 503),
    );
    return routes;
  }
  routes.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  const serveFile = serveStatic({ root });
  // Only paths naming a file (favicon.svg, logos/…/x.svg) are looked up on disk; every other
  // path is a client route and gets index.html below.
  routes.use('*', async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? serveFile(c, next) : next()));
  const prerendered = new Map(prerenderedPages.map((page) => [page.pathname, page]));
  routes.get('*', async (c) => {
    // A public page goes out with its content already rendered, in the visitor's language
    // (the same cookie the app reads); every other path gets the empty shell.
    const page = prerendered.get(c.req.path);
    const language = languageFromCookie(c.req.header('cookie') ?? '');
    const prerenderedPath = page ? path.join(staticDir, 'prerendered', page.file(language)) : null;
    const indexPath =
      prerenderedPath && existsSync(prerenderedPath) ? prerenderedPath : path.join(staticDir, 'index.html');
    const exists = await stat(indexPath).then(
      () => true,
      () => false,
    );
    if (!exists) {
      return c.text('The SPA has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie');
    const file = await readFile(indexPath, 'utf8');
    // The login form posts back where the visitor wanted to go (ADR 046).
    const html = page?.pathname === '/login' ? loginPageKeepingRedirect(file, c.req.query('redirect')) : file;
    // After a plain form post (ADR 046) the next page shows its outcome, e.g. "link sent".
    const notice = page ? redirectNotice(c.req.query('notice')) : null;
    const templates = notice ? await readNoticeTemplates(path.join(staticDir, 'prerendered')) : null;
    if (page && notice && templates) {
      const text = translate(language, notice);
      return c.html(pageWithNotice(html, templates, page.pathname, { tone: 'success', text }));
    }
    return c.html(html);
  });
  return routes;
}
