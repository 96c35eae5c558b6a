import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../../../common/contracts/auth';
import { requireRole } from '../../../app/role-guards';
import { ApiKeysView } from '../../../views/api-keys/ApiKeysView';
import { createApiKeysImplementations } from '../../../views/api-keys/use-api-keys';

/** The workshop's API keys for its DMS (issue 15, ADR 031): workshop users only; the server checks the role again. */
export const Route = createFileRoute('/_authenticated/settings/api-keys')({
  beforeLoad: ({ context }) => requireRole(context.user, USER_ROLE.workshopUser),
  component: ApiKeysRoute,
});

function ApiKeysRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() =>
    createApiKeysImplementations({
      api: api.apiKeys,
      writeClipboard: (text) => navigator.clipboard.writeText(text),
    }),
  );
  return <ApiKeysView kind="workshop" implementations={implementations} />;
}
