import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppPath } from '../common/app-paths';
import { languageFromCookie } from '../common/language';
import { hasSignedInWithoutAppHint } from '../common/signed-in-without-app';
import { loadAnalyticsWhenIdle } from './app/analytics';
import { startInspectorIfAsked } from './app/inspection';
import { createLazyServices } from './app/router-context';
import { appConfig } from './config/app-config';
import { activateLanguage, i18n } from './i18n/i18n';
import { type FileRoutesByTo, routeTree } from './routeTree.gen';
import { AppErrorScreen } from './views/app-shell/AppErrorScreen';
import { NotFoundRedirect } from './views/app-shell/NotFoundRedirect';
import { RoutePending } from './views/app-shell/RoutePending';
import { recordEarlyNotificationEvents } from './views/notifications/early-events';
import './ui/theme.css';

function createAppRouter() {
  const earlyNotifications = recordEarlyNotificationEvents();
  const services = createLazyServices(() => void router.invalidate(), {
    local: window.localStorage,
    session: window.sessionStorage,
    // Read, never cleared here: the app of the page being left may read it too (it took over the
    // login form while the form was being posted), and clearing it there took it from the page the
    // login leads to, which then showed the login again. It expires after five minutes, and a
    // logout clears it (endSession).
    signedInWithoutApp: () => hasSignedInWithoutAppHint(document.cookie),
  });
  const router = createRouter({
    routeTree,
    context: { services, earlyNotifications },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: AppErrorScreen,
    defaultNotFoundComponent: NotFoundRedirect,
    scrollRestoration: true,
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/** Compiles only for `never`: the type check names what is left over. */
type NothingLeft<TLeft extends never> = TLeft;
/**
 * Every screen a machine may send the browser to (AppPath) is a route of the generated tree: a
 * renamed or missing route fails the type check here, naming the path. It lives at the app's root,
 * which imports the tree anyway; a module the routes import must not import the tree (it imports
 * every route: the import circle of issue 23).
 */
export type EveryAppPathIsARoute = NothingLeft<Exclude<AppPath, keyof FileRoutesByTo>>;

/** Renders the app into #root; src/boot.ts decides when (ADR 017). */
export async function start() {
  await startInspectorIfAsked();
  await activateLanguage(languageFromCookie(document.cookie));
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser: the visitor is already looking at
  // the prerendered page, so taking it over must not block scrolling or typing.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    );
  });
  loadAnalyticsWhenIdle(appConfig.analyticsScriptUrl);
}
