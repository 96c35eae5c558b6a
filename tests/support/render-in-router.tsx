import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders a view at `path` inside a real (memory-history) router, as the app's routes would. */
export async function renderInRouter(path: string, view: () => ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => rootRoute, path, component: view });
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route, catchAll]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  });
  return router;
}

/** A promise the test settles by hand: stands in for an HTTP call that is in flight. */
export function controllablePromise<TValue>() {
  let settle: { resolve: (value: TValue) => void; reject: (error: unknown) => void } | null = null;
  return {
    start: () =>
      new Promise<TValue>((resolve, reject) => {
        settle = { resolve, reject };
      }),
    get settle() {
      if (!settle) throw new Error('no request is in flight');
      return settle;
    },
  };
}
