import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { recordIdParam } from '../../../app/record-id';
import { ClaimView } from '../../../views/insurer/ClaimView';
import { createClaimImplementations, saveFileInBrowser } from '../../../views/insurer/use-insurer-claims';

/** One shared claim (ADR 030); one not shared with this insurer (any more) answers 404 from the API. */
export const Route = createFileRoute('/_authenticated/claims/$claimId')({
  beforeLoad: ({ params }) => {
    recordIdParam(params.claimId);
  },
  component: ClaimRoute,
});

function ClaimRoute() {
  const { api } = Route.useRouteContext();
  const { claimId } = Route.useParams();
  const [implementations] = useState(() =>
    createClaimImplementations({ api: api.insurerClaims, saveFile: saveFileInBrowser }),
  );
  return <ClaimView key={claimId} implementations={implementations} claimId={Number(claimId)} />;
}
