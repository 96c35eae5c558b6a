import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Spinner } from './Spinner';

// The watchdog needs XState; loading it lazily keeps XState out of the landing page's first load.
const RouteChunkWatchdog = lazy(() => import('./RouteChunkWatchdog'));

/** The router's pending screen for a route whose code is still loading. */
export function RoutePending() {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading`} />}>
      <RouteChunkWatchdog />
    </Suspense>
  );
}
