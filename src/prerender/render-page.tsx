import { t } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '../../common/language';
import { bootstrapSession } from '../app/session-bootstrap';
import { i18n, loadLanguage } from '../i18n/i18n';
import { routeTree } from '../routeTree.gen';
import { InfoBox } from '../ui/InfoBox';
import { AppErrorScreen } from '../views/app-shell/AppErrorScreen';

/** A Storage that forgets: the prerender has no visitor, so nothing is stored or restored. */
class EmptyStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

/**
 * Renders one public route as a first-time visitor without a session sees it, with the same
 * routes and views as the browser. The build writes the markup into the page the server sends,
 * so the content is painted before any JavaScript has arrived (src/app/PrerenderHandoff.tsx).
 */
export async function renderPage(pathname: string, language: Language): Promise<string> {
  await loadLanguage(language);
  const storage = { local: new EmptyStorage(), session: new EmptyStorage() };
  const services = { ready: async () => bootstrapSession(() => undefined, storage) };
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [pathname] }),
    context: { services, earlyNotifications: { takeOver: () => [] } },
    defaultErrorComponent: AppErrorScreen,
    isServer: true,
  });
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== 'success');
  if (failed) throw new Error(`prerendering ${pathname} failed: route ${failed.routeId} is ${failed.status}`);
  if (router.state.location.pathname !== pathname) {
    throw new Error(`prerendering ${pathname} redirected to ${router.state.location.pathname}`);
  }
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page title and description in the active language (index.html carries the German ones). */
export function documentHead() {
  return {
    title: t`Teileportal – spare parts for workshops`,
    description: t`Teileportal: order spare parts across brands from your part dealers – for independent workshops.`,
  };
}

/** What the server puts in place of a notice's text in the templates below. */
export const NOTICE_TEXT_PLACEHOLDER = '%NOTICE_TEXT%';

/**
 * The app's own notice boxes with a placeholder for the text, so that the server can show a plain
 * form post's outcome (an error, or "link sent") on the prerendered page in the app's own look
 * (server/forms/public-form-posts.ts, ADR 046).
 */
export function renderNoticeTemplates() {
  const render = (tone: 'error' | 'success') =>
    renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <InfoBox tone={tone}>{NOTICE_TEXT_PLACEHOLDER}</InfoBox>
      </I18nProvider>,
    );
  return { error: render('error'), success: render('success') };
}
