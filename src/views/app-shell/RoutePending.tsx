import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Spinner } from './Spinner';

// The watchdog needs XState; loading it lazily keeps XState out of the landing page's first load.
const RouteChunkWatchdog = lazy(() => import('./RouteChunkWatchdog'));

/** The router's pending screen for a route whose code is still loading. */
export function RoutePending() {
  return (
    <Suspense
      fallback={
        <Spinner>
          <Trans>Loading</Trans>
        </Spinner>
      }
    >
      <RouteChunkWatchdog />
    </Suspense>
  );
}
