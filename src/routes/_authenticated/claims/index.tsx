import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { compactClaimListSearch, parseClaimListSearch } from '../../../../machines/insurer-claims.machine';
import { ClaimListView } from '../../../views/insurer/ClaimListView';
import { createClaimListImplementations } from '../../../views/insurer/use-insurer-claims';

/** The claims shared with the insurer's organisation (ADR 030): the page in the URL, read by the contract's rules. */
export const Route = createFileRoute('/_authenticated/claims/')({
  validateSearch: (search) => compactClaimListSearch(parseClaimListSearch(search)),
  component: ClaimsRoute,
});

function ClaimsRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const key = JSON.stringify(search);
  // The search's content, not its identity, decides when the list is asked to follow the URL.
  const query = useMemo(() => parseClaimListSearch(JSON.parse(key) as Record<string, unknown>), [key]);
  const [implementations] = useState(() =>
    createClaimListImplementations({
      api: api.insurerClaims,
      navigate: (next) => navigate({ to: '/claims', search: compactClaimListSearch(next) }),
    }),
  );
  return <ClaimListView implementations={implementations} search={query} />;
}
