import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { compactOrderListSearch, parseOrderListSearch } from '../../../../../machines/order-list.machine';
import { useLiveEventSource } from '../../../../app/live-events';
import { OrderListView } from '../../../../views/orders/OrderListView';
import { createOrderListImplementations } from '../../../../views/orders/use-order-list';

/** The dealer's orders (issue 13): filters (`q`: the workshop's name) and page in the URL. */
export const Route = createFileRoute('/_authenticated/dealer/orders/')({
  validateSearch: (search) => compactOrderListSearch(parseOrderListSearch(search)),
  component: DealerOrdersRoute,
});

function DealerOrdersRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const key = JSON.stringify(search);
  // The search's content, not its identity, decides when the list is asked to follow the URL.
  const query = useMemo(() => parseOrderListSearch(JSON.parse(key) as Record<string, unknown>), [key]);
  const [implementations] = useState(() =>
    createOrderListImplementations({
      list: api.dealerOrders.list,
      dealerChoices: null,
      live,
      navigate: (next, { replace }) =>
        navigate({ to: '/dealer/orders', search: compactOrderListSearch(next), replace }),
    }),
  );
  return <OrderListView implementations={implementations} search={query} side="dealer" />;
}
