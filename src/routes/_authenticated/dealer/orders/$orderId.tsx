import { createFileRoute, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../../app/live-events';
import { DealerOrderView } from '../../../../views/orders/DealerOrderView';
import { createDealerOrderImplementations } from '../../../../views/orders/use-dealer-order';

/** One of the dealer's orders (issue 13); an id of another organisation answers 404 from the API. */
export const Route = createFileRoute('/_authenticated/dealer/orders/$orderId')({
  beforeLoad: ({ params }) => {
    if (!/^\d{1,9}$/.test(params.orderId)) throw notFound();
  },
  component: DealerOrderRoute,
});

function DealerOrderRoute() {
  const { api } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  const live = useLiveEventSource();
  const [implementations] = useState(() => createDealerOrderImplementations({ api: api.dealerOrders, live }));
  return <DealerOrderView key={orderId} implementations={implementations} orderId={Number(orderId)} />;
}
