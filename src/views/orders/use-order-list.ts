import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderSummary, orderListQuerySchema } from '../../../common/contracts/trading';
import {
  type DealerChoice,
  type OrderListSearch,
  type OrderPage,
  orderDealerChoicesMachine,
  orderListMachine,
} from '../../../machines/order-list.machine';
import { type UrlListImplementations, urlListLoader } from '../../../machines/url-list';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { useUrlList } from '../trade-shared/use-url-list';

export type OrderListImplementations = {
  list: UrlListImplementations<typeof orderListQuerySchema, OrderSummary>;
  dealerChoices: Parameters<typeof orderDealerChoicesMachine.provide>[0];
};

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
    list: {
      actors: { loadPage: urlListLoader(deps.list), liveEvents: tradeEventsActor(deps.live) },
      actions: { syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }) },
    },
    dealerChoices: {
      actors: {
        loadDealerChoices: fromPromise(async () => (deps.dealerChoices ? deps.dealerChoices() : [])),
      },
    },
  };
}

/** The facade of /orders and /dealer/orders; `search` is the URL's, read by the route. */
export function useOrderList(implementations: OrderListImplementations, search: OrderListSearch) {
  const [choices] = useState(() => orderDealerChoicesMachine.provide(implementations.dealerChoices));
  const dealerChoices = useActorRef(choices, inspectionOptions());
  return {
    ...useUrlList(orderListMachine, implementations.list, search),
    dealers: useSelector(dealerChoices, (snapshot) => snapshot.context.dealers),
  };
}
