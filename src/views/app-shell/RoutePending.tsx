import { Trans } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { routeChunkMachine } from '../../../machines/route-chunk.machine';
import { inspectionOptions } from '../../app/inspection';
import * as overlay from '../../ui/overlay.css';
import { ReloadPrompt } from './ReloadPrompt';

/** While a route loads: a spinner, and after the spec's 120 s a reload prompt instead. */
export function RoutePending() {
  const watchdog = useActorRef(routeChunkMachine, inspectionOptions());
  const timedOut = useSelector(watchdog, (snapshot) => snapshot.matches('reloadOffered'));
  if (timedOut) return <ReloadPrompt />;
  return (
    <div className={overlay.loaderOverlay} role="progressbar" aria-busy="true">
      <div className={overlay.loaderSpinner} />
      <span className="visually-hidden">
        <Trans>Loading</Trans>
      </span>
    </div>
  );
}
