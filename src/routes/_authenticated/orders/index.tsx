import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { orderListQuerySchema } from '../../../../common/contracts/trading';
import { listSearchValidator } from '../../../../machines/list-search';
import { compactOrderListSearch } from '../../../../machines/order-list.machine';
import { useLiveEventSource } from '../../../app/live-events';
import { OrderListView } from '../../../views/orders/OrderListView';
import { createOrderListImplementations } from '../../../views/orders/use-order-list';
import { useUrlListQuery } from '../../../views/trade-shared/use-url-list';

/** The workshop's orders (issue 13): filters and page in the URL, read by the contract's rules. */
export const Route = createFileRoute('/_authenticated/orders/')({
  validateSearch: listSearchValidator(orderListQuerySchema),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = useNavigate();
  const query = useUrlListQuery(orderListQuerySchema, Route.useSearch());
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
