import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { compactOrderListSearch, parseOrderListSearch } from '../../../../machines/order-list.machine';
import { useLiveEventSource } from '../../../app/live-events';
import { OrderListView } from '../../../views/orders/OrderListView';
import { createOrderListImplementations } from '../../../views/orders/use-order-list';

/** The workshop's orders (issue 13): filters and page in the URL, read by the contract's rules. */
export const Route = createFileRoute('/_authenticated/orders/')({
  validateSearch: (search) => compactOrderListSearch(parseOrderListSearch(search)),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const key = JSON.stringify(search);
  // The search's content, not its identity, decides when the list is asked to follow the URL.
  const query = useMemo(() => parseOrderListSearch(JSON.parse(key) as Record<string, unknown>), [key]);
  const [implementations] = useState(() =>
    createOrderListImplementations({
      list: api.workshopOrders.list,
      dealerChoices: async () =>
        (await api.workshopSuppliers.list()).relations
          .filter((relation) => relation.on_portal)
          .map((relation) => ({ id: relation.part_dealer_id, name: relation.dealer_name })),
      live,
      navigate: (next, { replace }) => navigate({ to: '/orders', search: compactOrderListSearch(next), replace }),
    }),
  );
  return <OrderListView implementations={implementations} search={query} side="workshop" />;
}
