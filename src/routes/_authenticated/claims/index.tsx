import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { claimListQuerySchema } from '../../../../common/contracts/claims';
import { compactClaimListSearch } from '../../../../machines/insurer-claims.machine';
import { listSearchValidator } from '../../../../machines/list-search';
import { ClaimListView } from '../../../views/insurer/ClaimListView';
import { createClaimListImplementations } from '../../../views/insurer/use-insurer-claims';
import { useUrlListQuery } from '../../../views/trade-shared/use-url-list';

/** The claims shared with the insurer's organisation (ADR 030): the page in the URL, read by the contract's rules. */
export const Route = createFileRoute('/_authenticated/claims/')({
  validateSearch: listSearchValidator(claimListQuerySchema),
  component: ClaimsRoute,
});

function ClaimsRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const query = useUrlListQuery(claimListQuerySchema, Route.useSearch());
  const [implementations] = useState(() =>
    createClaimListImplementations({
      api: api.insurerClaims,
      navigate: (next) => navigate({ to: '/claims', search: compactClaimListSearch(next) }),
    }),
  );
  return <ClaimListView implementations={implementations} search={query} />;
}
