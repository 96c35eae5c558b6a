import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type DealerChoice,
  type OrderListFilter,
  type OrderListSearch,
  type OrderPage,
  orderListMachine,
} from '../../../machines/order-list.machine';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';

export type OrderListImplementations = Parameters<typeof orderListMachine.provide>[0];

/**
 * An order list's effects: its service's list call, the dealers to filter by (the workshop's
 * supplier relations; the dealer's side has no such filter), the live events, and writing the
 * filters into the URL.
 */
export function createOrderListImplementations(deps: {
  list: (query: OrderListSearch) => Promise<OrderPage>;
  dealerChoices: (() => Promise<DealerChoice[]>) | null;
  live: LiveEventSource;
  navigate: (query: OrderListSearch, options: { replace: boolean }) => void;
}): OrderListImplementations {
  return {
    actors: {
      loadOrders: fromPromise(({ input }) => deps.list(input)),
      loadDealerChoices: fromPromise(async () => (deps.dealerChoices ? deps.dealerChoices() : [])),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: {
      syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }),
    },
  };
}

/** The facade of /orders and /dealer/orders; `search` is the URL's, read by the route. */
export function useOrderList(implementations: OrderListImplementations, search: OrderListSearch) {
  const [machine] = useState(() => orderListMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { query: search } });
  const send = actor.send;
  // "Back", "forward" and links change the URL without the screen: the list follows.
  useEffect(() => {
    send({ type: 'query.sync', query: search });
  }, [send, search]);
  return {
    query: useSelector(actor, (snapshot) => snapshot.context.query),
    page: useSelector(actor, (snapshot) => snapshot.context.page),
    dealers: useSelector(actor, (snapshot) => snapshot.context.dealers),
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null)),
    filter: (field: OrderListFilter, value: string) => send({ type: 'filter.change', field, value }),
    goToPage: (page: number) => send({ type: 'page.change', page }),
    retry: () => send({ type: 'list.retry' }),
  };
}
