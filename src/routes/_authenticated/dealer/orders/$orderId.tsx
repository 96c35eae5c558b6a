import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../../app/live-events';
import { recordIdParam } from '../../../../app/record-id';
import { DealerOrderView } from '../../../../views/orders/DealerOrderView';
import { createDealerOrderImplementations } from '../../../../views/orders/use-dealer-order';
import { createOpenTransDocumentsImplementations } from '../../../../views/orders/use-opentrans-documents';

/** One of the dealer's orders (issue 13); an id of another organisation answers 404 from the API. */
export const Route = createFileRoute('/_authenticated/dealer/orders/$orderId')({
  beforeLoad: ({ params }) => {
    recordIdParam(params.orderId);
  },
  component: DealerOrderRoute,
});

function DealerOrderRoute() {
  const { api } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  const live = useLiveEventSource();
  const [implementations] = useState(() => createDealerOrderImplementations({ api: api.dealerOrders, live }));
  return (
    <DealerOrderView
      key={orderId}
      implementations={implementations}
      openTrans={(onOrderChanged) => createOpenTransDocumentsImplementations({ api: api.dealerOrders, onOrderChanged })}
      orderId={Number(orderId)}
    />
  );
}
