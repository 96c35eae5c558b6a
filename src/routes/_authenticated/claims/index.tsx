import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ClaimListView } from '../../../views/orders/ClaimListView';
import { createClaimListImplementations } from '../../../views/orders/use-insurer-claims';

/** The claims shared with the insurer's organisation (ADR 030). */
export const Route = createFileRoute('/_authenticated/claims/')({
  component: ClaimsRoute,
});

function ClaimsRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createClaimListImplementations({ api: api.insurerClaims }));
  return <ClaimListView implementations={implementations} />;
}
