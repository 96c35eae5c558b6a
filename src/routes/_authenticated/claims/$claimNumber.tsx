import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ClaimView } from '../../../views/insurer/ClaimView';
import { createClaimImplementations, saveFileInBrowser } from '../../../views/insurer/use-insurer-claims';

/**
 * One claim by its claim number (issue 24 §7), URL-encoded (`/claims/SCH-2026%2F004711`): every order
 * shared under it. An old link by share id (`/claims/17`) shows its claim and is replaced by the
 * claim's own address; a claim not shared with this insurer (any more) answers 404 from the API.
 */
export const Route = createFileRoute('/_authenticated/claims/$claimNumber')({
  component: ClaimRoute,
});

function ClaimRoute() {
  const { api } = Route.useRouteContext();
  const { claimNumber } = Route.useParams();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createClaimImplementations({
      api: api.insurerClaims,
      saveFile: saveFileInBrowser,
      showClaimNumber: (number) =>
        navigate({ to: '/claims/$claimNumber', params: { claimNumber: number }, replace: true }),
    }),
  );
  return <ClaimView key={claimNumber} implementations={implementations} claimNumber={claimNumber} />;
}
