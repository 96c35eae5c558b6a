import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointWithSecret,
} from '../../common/contracts/webhooks';
import {
  type ChangeResult,
  type EndpointInput,
  type ResendInput,
  type WebhookConfirmAction,
  type WebhooksEvent,
  webhooksMachine,
} from '../../machines/webhooks.machine';
import type { WebhooksImplementations } from '../../src/views/webhooks/use-webhooks';
import { WebhooksView } from '../../src/views/webhooks/WebhooksView';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import {
  expectSecretSettingsScreen,
  expectStatesReached,
  replaySecretSettingsStep,
  type SecretSettingsScreen,
} from '../support/secret-settings-steps';

const endpoint: WebhookEndpoint = {
  id: 4,
  url: 'https://erp.example.com/hooks',
  description: 'Warenwirtschaft',
  event_kinds: ['inquiry.sent', 'order.placed'],
  created_at: '2026-11-20T09:00:00.000Z',
  disabled_at: null,
  previous_secret_expires_at: null,
};
const issued: WebhookEndpointWithSecret & { message: string } = {
  endpoint: { ...endpoint, id: 5, url: 'https://erp.example.com/neu' },
  secret: `whsec_${'A'.repeat(43)}=`,
  message: 'The webhook was created.',
};
const attempt: WebhookAttempt = {
  id: 31,
  delivery_id: 12,
  event_kind: 'order.placed',
  trade_event_id: 99,
  attempted_at: '2026-11-21T08:00:00.000Z',
  http_status: null,
  error: 'timeout',
  duration_ms: 10000,
  delivery_status: 'pending',
};
const texts: Record<string, string> = {
  webhookUrlInvalid: 'Please enter a complete https address, e.g. https://erp.example.com/webhooks.',
  webhookAddressRefused:
    'This address is not delivered to: only https to public addresses, no internal, local or private networks.',
  webhookKindsRequired: 'Please choose at least one event.',
};
const networkError = apiFailure('No connection to the server', 'networkError');
const addressRefused = apiFailure(texts.webhookAddressRefused ?? '', 'webhookAddressRefused', 'url');

type Step = PathStep<{
  field?: string;
  endpoint?: WebhookEndpoint;
  action?: WebhookConfirmAction;
  subject?: WebhookEndpoint;
  kind?: string;
}>;

const webhooksScreen: SecretSettingsScreen<WebhookConfirmAction, WebhookEndpoint> = {
  add: 'Add a webhook',
  createDialog: 'Add a webhook',
  submit: 'Add webhook',
  secretDialog: 'The webhook’s secret',
  copy: 'Copy secret',
  secretTestId: 'webhook-secret',
  secret: issued.secret,
  request: (action, { url }) => (action === 'rotate' ? `New secret for ${url}` : `Delete ${url}`),
  confirmDialog: (action, { url }) => (action === 'rotate' ? `New secret for ${url}?` : `Delete ${url}?`),
  confirmButton: (action) => (action === 'rotate' ? 'Create new secret' : 'Delete webhook'),
};

const paths = getShortestPaths(webhooksMachine, {
  events: [
    { type: 'xstate.done.actor.loadEndpoints', output: [endpoint] },
    { type: 'xstate.error.actor.loadEndpoints', error: networkError },
    { type: 'list.retry' },
    { type: 'create.open' },
    { type: 'create.change', field: 'url', value: 'erp.example.com' },
    { type: 'create.change', field: 'url', value: 'https://erp.example.com/neu' },
    { type: 'create.toggleKind', kind: 'inquiry.sent' },
    { type: 'create.submit' },
    { type: 'create.cancel' },
    { type: 'xstate.done.actor.createEndpoint', output: issued },
    { type: 'xstate.error.actor.createEndpoint', error: addressRefused },
    { type: 'secret.copy' },
    { type: 'secret.done' },
    { type: 'confirm.request', action: 'rotate', subject: endpoint },
    { type: 'confirm.request', action: 'delete', subject: endpoint },
    { type: 'confirm.accept' },
    { type: 'confirm.cancel' },
    { type: 'xstate.done.actor.rotateSecret', output: issued },
    { type: 'xstate.error.actor.rotateSecret', error: networkError },
    { type: 'xstate.done.actor.deleteEndpoint', output: { message: 'deleted' } },
    { type: 'endpoint.toggle', endpoint },
    { type: 'xstate.done.actor.setEnabled', output: { message: 'paused' } },
    { type: 'log.open', endpoint },
    { type: 'xstate.done.actor.loadAttempts', output: [attempt] },
    { type: 'log.resend', deliveryId: 12 },
    { type: 'xstate.done.actor.resendDelivery', output: { message: 'sent again' } },
    { type: 'xstate.error.actor.resendDelivery', error: networkError },
    { type: 'log.close' },
  ] as unknown as WebhooksEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      listed: snapshot.context.endpoints !== null,
      draft: snapshot.matches('creating') ? snapshot.context.draft : null,
      copied: snapshot.context.copied,
      confirming: snapshot.context.confirming,
      log: snapshot.context.log,
    }),
});

test('the traversal reaches every state of the screen', () => {
  expectStatesReached(paths, [
    { confirming: 'rotating' },
    { confirming: 'deleting' },
    'toggling',
    { showingLog: 'loadingLog' },
    { showingLog: 'viewing' },
    { showingLog: 'resending' },
  ]);
});

// A budget, not a timed assertion: a path types whole addresses into a dialog, seconds on a loaded 2-core machine.
test.each(pathCases(withoutPrefixPaths(paths)))(
  '%s',
  async (_name, path) => {
    const user = userEvent.setup();
    const { controlled, calls, isActorOutcome, settle } = controlledActors();
    const copied: string[] = [];
    const implementations: WebhooksImplementations = {
      actors: {
        loadEndpoints: controlled<WebhookEndpoint[], void>('loadEndpoints'),
        createEndpoint: controlled<WebhookEndpointWithSecret & ChangeResult, WebhookEndpointCreate>('createEndpoint'),
        rotateSecret: controlled<WebhookEndpointWithSecret & ChangeResult, EndpointInput>('rotateSecret'),
        deleteEndpoint: controlled<ChangeResult, EndpointInput>('deleteEndpoint'),
        setEnabled: controlled<ChangeResult, EndpointInput & { enabled: boolean }>('setEnabled'),
        loadAttempts: controlled<WebhookAttempt[], EndpointInput>('loadAttempts'),
        resendDelivery: controlled<ChangeResult, ResendInput>('resendDelivery'),
      },
      actions: {
        notifySuccess: () => {},
        notifyFailure: () => {},
        copySecret: (_, { secret }) => void copied.push(secret),
      },
    };
    await renderInRouter('/settings/webhooks', () => <WebhooksView implementations={implementations} />);

    for (const { event: raw, state } of path.steps) {
      const event = raw as Step;
      if (isActorOutcome(event)) {
        await settle(event);
      } else if (await replaySecretSettingsStep(user, webhooksScreen, event, state)) {
        // One of the dialogs' events (tests/support/secret-settings-steps.ts).
      } else if (event.type === 'list.retry') {
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      } else if (event.type === 'create.change') {
        const input = screen.getByLabelText('Address (URL)');
        await user.clear(input);
        await user.type(input, event.value ?? '');
      } else if (event.type === 'create.toggleKind') {
        await user.click(screen.getByRole('checkbox', { name: 'Inquiry sent' }));
      } else if (event.type === 'endpoint.toggle') {
        await user.click(screen.getByRole('button', { name: `Pause ${endpoint.url}` }));
      } else if (event.type === 'log.open') {
        await user.click(screen.getByRole('button', { name: `Delivery log of ${endpoint.url}` }));
      } else if (event.type === 'log.resend') {
        await user.click(screen.getByRole('button', { name: 'Send again' }));
      } else if (event.type === 'log.close') {
        await user.click(screen.getByRole('button', { name: 'Close' }));
      }

      expectSecretSettingsScreen(webhooksScreen, state, copied);
      const { context } = state;
      if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your webhooks…');
      if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
      if (state.matches('ready')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        const table = screen.getByRole('table', { name: 'Your webhooks' });
        expect(within(table).getByText('https://erp.example.com/hooks')).toBeVisible();
        expect(within(table).getByText('Inquiry sent, Order placed')).toBeVisible();
        expect(within(table).getByText('Active')).toBeVisible();
      }
      if (state.matches('creating')) {
        const dialog = screen.getByRole('dialog', { name: 'Add a webhook' });
        expect(within(dialog).getByLabelText('Address (URL)')).toHaveValue(context.draft.url);
        expect(within(dialog).getByRole('checkbox', { name: 'Inquiry sent' })).toHaveProperty(
          'checked',
          context.draft.kinds.includes('inquiry.sent'),
        );
        for (const error of Object.values(context.draft.errors)) {
          expect(within(dialog).getByText(texts[error] ?? `missing text for ${error}`)).toBeVisible();
        }
      }
      if (state.matches({ creating: 'submitting' })) {
        expect(screen.getByRole('button', { name: 'Add webhook' })).toHaveAttribute('aria-busy', 'true');
        expect(calls.createEndpoint?.at(-1)).toEqual({
          url: 'https://erp.example.com/neu',
          description: '',
          event_kinds: context.draft.kinds,
        });
      }
      if (state.matches({ confirming: 'rotating' })) expect(calls.rotateSecret?.at(-1)).toEqual({ id: 4 });
      if (state.matches({ confirming: 'deleting' })) expect(calls.deleteEndpoint?.at(-1)).toEqual({ id: 4 });
      if (state.matches('toggling')) expect(calls.setEnabled?.at(-1)).toEqual({ id: 4, enabled: false });
      if (state.matches('showingLog')) {
        const dialog = screen.getByRole('dialog', { name: 'Delivery log of https://erp.example.com/hooks' });
        if (context.log?.attempts) {
          const row = within(dialog).getByRole('row', { name: /Order placed/ });
          expect(within(row).getByText('No answer in time')).toBeVisible();
          expect(within(row).getByText('Retrying')).toBeVisible();
          expect(within(row).getByText('10000 ms')).toBeVisible();
        }
        if (context.log?.failure) expect(within(dialog).getByRole('alert')).toHaveTextContent(context.log.failure);
      }
      if (state.matches({ showingLog: 'resending' })) {
        expect(calls.resendDelivery?.at(-1)).toEqual({ endpointId: 4, deliveryId: 12 });
      }
    }
  },
  20_000,
);
