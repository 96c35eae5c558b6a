import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { routeChunkMachine } from '../../../machines/route-chunk.machine';
import { inspectionOptions } from '../../app/inspection';
import { ReloadPrompt } from './ReloadPrompt';
import { Spinner } from './Spinner';

/** Spinner while a route loads; after the 120 s of docs/product.md §9, a reload prompt instead. */
export default function RouteChunkWatchdog() {
  const { t } = useLingui();
  const watchdog = useActorRef(routeChunkMachine, inspectionOptions());
  const timedOut = useSelector(watchdog, (snapshot) => snapshot.matches('reloadOffered'));
  if (timedOut) return <ReloadPrompt />;
  return <Spinner label={t`Loading`} />;
}
