import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ApiKeyCreate, ApiKeyCreated, ApiKeySummary } from '../../common/contracts/api-keys';
import {
  type ApiKeysEvent,
  apiKeysMachine,
  type ChangeResult,
  type RevokeInput,
} from '../../machines/api-keys.machine';
import { ApiKeysView } from '../../src/views/api-keys/ApiKeysView';
import type { ApiKeysImplementations } from '../../src/views/api-keys/use-api-keys';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import {
  expectSecretSettingsScreen,
  expectStatesReached,
  replaySecretSettingsStep,
  type SecretSettingsScreen,
} from '../support/secret-settings-steps';

const activeKey: ApiKeySummary = {
  id: 7,
  name: 'Werkstattplaner',
  prefix: 'tp_0a1b2c3d4e',
  allowed_origins: ['https://dms.example.com'],
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const revokedKey: ApiKeySummary = {
  ...activeKey,
  id: 6,
  name: 'Alter Planer',
  prefix: 'tp_99887766aa',
  last_used_at: '2026-11-21T08:00:00.000Z',
  revoked_at: '2026-11-21T10:00:00.000Z',
};
const created: ApiKeyCreated & { message: string } = {
  key: { ...activeKey, id: 8, name: 'Neuer DMS', prefix: 'tp_1234567890' },
  secret: `tp_1234567890_${'A'.repeat(43)}`,
  message: 'The API key was created.',
};
const texts: Record<string, string> = {
  apiKeyNameRequired: 'Please give the key a name.',
  apiKeyOriginInvalid: 'Origins are https addresses without a path, e.g. https://dms.example.com.',
};
const networkError = apiFailure('No connection to the server', 'networkError');
const originRefused = apiFailure(texts.apiKeyOriginInvalid ?? '', 'apiKeyOriginInvalid', 'allowed_origins');

type Step = PathStep<{ field?: string; action?: 'revoke'; subject?: ApiKeySummary }>;

const apiKeysScreen: SecretSettingsScreen<'revoke', ApiKeySummary> = {
  add: 'Create an API key',
  createDialog: 'Create an API key',
  submit: 'Create key',
  secretDialog: 'Your new API key',
  copy: 'Copy key',
  secretTestId: 'api-key-secret',
  secret: created.secret,
  request: (_action, key) => `Revoke ${key.name}`,
  confirmDialog: (_action, key) => `Revoke ${key.name}?`,
  confirmButton: () => 'Revoke key',
};

const paths = getShortestPaths(apiKeysMachine, {
  events: [
    { type: 'xstate.done.actor.loadKeys', output: [activeKey, revokedKey] },
    { type: 'xstate.error.actor.loadKeys', error: networkError },
    { type: 'list.retry' },
    { type: 'create.open' },
    { type: 'create.change', field: 'name', value: 'Neuer DMS' },
    { type: 'create.change', field: 'origins', value: 'http://dms.example.com' },
    { type: 'create.change', field: 'origins', value: 'https://dms.example.com' },
    { type: 'create.submit' },
    { type: 'create.cancel' },
    { type: 'xstate.done.actor.createKey', output: created },
    { type: 'xstate.error.actor.createKey', error: originRefused },
    { type: 'xstate.error.actor.createKey', error: networkError },
    { type: 'secret.copy' },
    { type: 'secret.done' },
    { type: 'confirm.request', action: 'revoke', subject: activeKey },
    { type: 'confirm.accept' },
    { type: 'confirm.cancel' },
    { type: 'xstate.done.actor.revokeKey', output: { message: 'revoked' } },
    { type: 'xstate.error.actor.revokeKey', error: networkError },
  ] as unknown as ApiKeysEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      listed: snapshot.context.keys !== null,
      draft: snapshot.matches('creating') ? snapshot.context.draft : null,
      copied: snapshot.context.copied,
      confirming: snapshot.context.confirming?.failure ?? null,
    }),
});

test('the traversal reaches every state of the screen', () => {
  expectStatesReached(paths, [{ confirming: 'revoking' }]);
});

// A budget, not a timed assertion: a path types whole addresses into a dialog, seconds on a loaded 2-core machine.
test.each(pathCases(withoutPrefixPaths(paths)))(
  '%s',
  async (_name, path) => {
    const user = userEvent.setup();
    const { controlled, calls, isActorOutcome, settle } = controlledActors();
    const copied: string[] = [];
    const implementations: ApiKeysImplementations = {
      actors: {
        loadKeys: controlled<ApiKeySummary[], void>('loadKeys'),
        createKey: controlled<ApiKeyCreated & { message: string | undefined }, ApiKeyCreate>('createKey'),
        revokeKey: controlled<ChangeResult, RevokeInput>('revokeKey'),
      },
      actions: { notifySuccess: () => {}, copySecret: (_, { secret }) => void copied.push(secret) },
    };
    await renderInRouter('/settings/api-keys', () => <ApiKeysView kind="workshop" implementations={implementations} />);

    for (const { event: raw, state } of path.steps) {
      const event = raw as Step;
      if (isActorOutcome(event)) {
        await settle(event);
      } else if (await replaySecretSettingsStep(user, apiKeysScreen, event, state)) {
        // One of the dialogs' events (tests/support/secret-settings-steps.ts).
      } else if (event.type === 'list.retry') {
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      } else if (event.type === 'create.change') {
        const input = screen.getByLabelText(event.field === 'name' ? 'Name' : 'Registered origins');
        await user.clear(input);
        await user.type(input, event.value ?? '');
      }

      expectSecretSettingsScreen(apiKeysScreen, state, copied);
      const { context } = state;
      if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your API keys…');
      if (state.matches('failed')) {
        expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
        if (!context.keys) expect(screen.queryByRole('button', { name: 'Create an API key' })).toBeNull();
      }
      if (state.matches('ready')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        const table = screen.getByRole('table', { name: 'Your API keys' });
        expect(within(table).getByRole('rowheader', { name: 'Werkstattplaner' })).toBeVisible();
        expect(within(table).getByText('tp_0a1b2c3d4e…')).toBeVisible();
        expect(within(table).getByText('Never')).toBeVisible();
        // A revoked key is listed as such and cannot be revoked again.
        expect(within(table).getByText(/^Revoked on/)).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Revoke Alter Planer' })).toBeNull();
      }
      if (state.matches('creating')) {
        const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
        expect(within(dialog).getByLabelText('Name')).toHaveValue(context.draft.name);
        expect(within(dialog).getByLabelText('Registered origins')).toHaveValue(context.draft.origins);
        for (const error of Object.values(context.draft.errors)) {
          expect(within(dialog).getByText(texts[error] ?? `missing text for ${error}`)).toBeVisible();
        }
        if (context.draft.failure) expect(within(dialog).getByRole('alert')).toHaveTextContent(context.draft.failure);
      }
      if (state.matches({ creating: 'submitting' })) {
        expect(screen.getByRole('button', { name: 'Create key' })).toHaveAttribute('aria-busy', 'true');
        expect(calls.createKey?.at(-1)).toEqual({
          name: 'Neuer DMS',
          allowed_origins: context.draft.origins === '' ? [] : [context.draft.origins],
        });
      }
      if (state.matches({ confirming: 'revoking' })) {
        expect(screen.getByRole('button', { name: 'Revoke key' })).toHaveAttribute('aria-busy', 'true');
        expect(calls.revokeKey?.at(-1)).toEqual({ id: 7 });
      }
    }
  },
  20_000,
);

test("the dealer's screen (ADR 040): the same list and dialogs, without registered origins", async () => {
  const user = userEvent.setup();
  const requests: ApiKeyCreate[] = [];
  const implementations: ApiKeysImplementations = {
    actors: {
      loadKeys: fromPromise(async () => [activeKey]),
      createKey: fromPromise<ApiKeyCreated & { message: string | undefined }, ApiKeyCreate>(async ({ input }) => {
        requests.push(input);
        return created;
      }),
      revokeKey: fromPromise<ChangeResult, RevokeInput>(async () => ({ message: undefined })),
    },
    actions: { notifySuccess: () => {}, copySecret: () => {} },
  };
  await renderInRouter('/dealer/api-keys', () => <ApiKeysView kind="dealer" implementations={implementations} />);
  const table = await screen.findByRole('table', { name: 'Your API keys' });
  expect(within(table).queryByText('Registered origins')).toBeNull();
  expect(screen.getByText(/merchandise management system \(ERP\)/)).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Create an API key' }));
  const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
  expect(within(dialog).queryByLabelText('Registered origins')).toBeNull();
  await user.type(within(dialog).getByLabelText('Name'), 'ERP Filiale Nord');
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(created.secret);
  expect(requests).toEqual([{ name: 'ERP Filiale Nord', allowed_origins: [] }]);
  expect(screen.getByRole('dialog', { name: 'Your new API key' })).toHaveTextContent('store it in your ERP');
});
