import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiKeysView } from '../../../views/api-keys/ApiKeysView';
import { createApiKeysImplementations } from '../../../views/api-keys/use-api-keys';

/** The dealer's API keys for its ERP (issue 25, ADR 040): the workshop's screen, on the dealer's keys. */
export const Route = createFileRoute('/_authenticated/dealer/api-keys')({
  component: DealerApiKeysRoute,
});

function DealerApiKeysRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() =>
    createApiKeysImplementations({
      api: api.dealerApiKeys,
      writeClipboard: (text) => navigator.clipboard.writeText(text),
    }),
  );
  return <ApiKeysView kind="dealer" implementations={implementations} />;
}
