import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { orderListQuerySchema } from '../../../../../common/contracts/trading';
import { listSearchValidator } from '../../../../../machines/list-search';
import { compactOrderListSearch } from '../../../../../machines/order-list.machine';
import { useLiveEventSource } from '../../../../app/live-events';
import { OrderListView } from '../../../../views/orders/OrderListView';
import { createOrderListImplementations } from '../../../../views/orders/use-order-list';
import { useUrlListQuery } from '../../../../views/trade-shared/use-url-list';

/** The dealer's orders (issue 13): filters (`q`: the workshop's name) and page in the URL. */
export const Route = createFileRoute('/_authenticated/dealer/orders/')({
  validateSearch: listSearchValidator(orderListQuerySchema),
  component: DealerOrdersRoute,
});

function DealerOrdersRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = useNavigate();
  const query = useUrlListQuery(orderListQuerySchema, Route.useSearch());
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
