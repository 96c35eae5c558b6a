import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../../../common/contracts/auth';
import { createWebhooksImplementations } from '../../../views/webhooks/use-webhooks';
import { WebhooksView } from '../../../views/webhooks/WebhooksView';

/** Webhooks (issue 25, ADR 041): workshop and dealer users, each in its own service; the server checks the role again. */
export const Route = createFileRoute('/_authenticated/settings/webhooks')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== USER_ROLE.workshopUser && context.user.role !== USER_ROLE.dealerUser) {
      throw redirect({ to: context.user.role === USER_ROLE.insurerUser ? '/claims' : '/dashboard', replace: true });
    }
  },
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const { api, user } = Route.useRouteContext();
  const [implementations] = useState(() =>
    createWebhooksImplementations({
      api: user.role === USER_ROLE.dealerUser ? api.webhooks.dealer : api.webhooks.workshop,
      writeClipboard: (text) => navigator.clipboard.writeText(text),
    }),
  );
  return <WebhooksView implementations={implementations} />;
}
