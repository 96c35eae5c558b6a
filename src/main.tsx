import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthApi } from './api/auth-api';
import { createServiceClient, onUnauthorized } from './api/http';
import { startInspectorIfAsked } from './app/inspection';
import { createSessionActor } from './app/session';
import { appConfig } from './config/app-config';
import { activateLanguage, i18n } from './i18n/i18n';
import { languageFromCookie } from './i18n/language';
import { routeTree } from './routeTree.gen';
import { AppErrorScreen } from './views/app-shell/AppErrorScreen';
import { NotFoundRedirect } from './views/app-shell/NotFoundRedirect';
import { RoutePending } from './views/app-shell/RoutePending';
import './ui/theme.css';

function createAppRouter() {
  const authApi = createAuthApi(createServiceClient(appConfig.services.auth, () => i18n.locale));
  const session = createSessionActor({
    authApi,
    storage: window.localStorage,
    onChange: () => void router.invalidate(),
  });
  const router = createRouter({
    routeTree,
    context: { session, api: { auth: authApi } },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: AppErrorScreen,
    defaultNotFoundComponent: NotFoundRedirect,
    scrollRestoration: true,
  });
  // Spec: any 401 from any call clears the session; the guards then send the user to /login.
  onUnauthorized(() => session.send({ type: 'session.unauthorized' }));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

async function start() {
  await startInspectorIfAsked();
  await activateLanguage(languageFromCookie(document.cookie));
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
