import { Plural } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { waitingOrdersMachine } from '../../../machines/waiting-orders.machine';
import { tradeEventsActor, useLiveEventSource } from '../../app/live-events';
import * as styles from './shell.css';

/** The count of new orders waiting for the dealer's confirmation, beside "Orders" (issue 24 §8). */
export function WaitingOrdersCount({ countWaitingOrders }: { countWaitingOrders: () => Promise<number> }) {
  const source = useLiveEventSource();
  const [machine] = useState(() =>
    waitingOrdersMachine.provide({
      actors: {
        countWaitingOrders: fromPromise(() => countWaitingOrders()),
        liveEvents: tradeEventsActor(source),
      },
    }),
  );
  const [snapshot] = useMachine(machine);
  const count = snapshot.context.count;
  if (!count) return null;
  return (
    <span className={styles.navCount}>
      <Plural value={count} one="# waiting" other="# waiting" />
    </span>
  );
}
