import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { InvitationRequestView } from '../views/invitation-request/InvitationRequestView';
import { createInvitationRequestImplementations } from '../views/invitation-request/use-invitation-request';

export const Route = createFileRoute('/view-request')({
  beforeLoad: ({ context }) => context.services.ready(),
  component: ViewRequestRoute,
});

function ViewRequestRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createInvitationRequestImplementations({
      workshopApi: api.workshop,
      navigate: (to) => void navigate({ to }),
    }),
  );
  return <InvitationRequestView implementations={implementations} mode="plain" />;
}
