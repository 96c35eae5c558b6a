import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { useLiveEventSource } from '../../app/live-events';
import * as styles from './live-status.css';

/**
 * The member's live connection in the shell (ADR 024): "Live", "Connecting…" while the first
 * attempt runs, "Offline" once one failed. A polite status region, so a screen reader hears the
 * change without losing its place.
 */
export function LiveStatus() {
  const source = useLiveEventSource();
  const status = useSyncExternalStore(source.subscribeStatus, source.status, source.status);
  return (
    <p role="status" className={styles.status}>
      <span className={styles.dot[status]} aria-hidden="true" />
      {status === 'online' ? <Trans>Live</Trans> : null}
      {status === 'connecting' ? <Trans>Connecting…</Trans> : null}
      {status === 'offline' ? <Trans>Offline – changes appear when the connection is back</Trans> : null}
    </p>
  );
}
