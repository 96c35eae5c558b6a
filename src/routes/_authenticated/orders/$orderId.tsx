import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../app/live-events';
import { recordIdParam } from '../../../app/record-id';
import { ClaimSharePanel } from '../../../views/orders/ClaimSharePanel';
import { createClaimShareImplementations } from '../../../views/orders/use-claim-share';
import { createWorkshopOrderImplementations } from '../../../views/orders/use-workshop-order';
import { WorkshopOrderView } from '../../../views/orders/WorkshopOrderView';

/** One of the workshop's orders (issue 13); an id of another organisation answers 404 from the API. */
export const Route = createFileRoute('/_authenticated/orders/$orderId')({
  beforeLoad: ({ params }) => {
    recordIdParam(params.orderId);
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { api } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  const live = useLiveEventSource();
  const [implementations] = useState(() => createWorkshopOrderImplementations({ api: api.workshopOrders, live }));
  const [claimImplementations] = useState(() => createClaimShareImplementations({ api: api.workshopClaims }));
  return (
    <WorkshopOrderView
      key={orderId}
      implementations={implementations}
      orderId={Number(orderId)}
      claimSharing={<ClaimSharePanel implementations={claimImplementations} orderId={Number(orderId)} />}
    />
  );
}
