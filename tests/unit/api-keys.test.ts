import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ApiKeySummary, apiKeyCreateSchema, isRegisterableOrigin } from '../../common/contracts/api-keys';
import { apiKeysMachine, draftErrors, draftRequest } from '../../machines/api-keys.machine';

describe('registered origins of an API key', () => {
  test.each([
    ['https://dms.example.com', true],
    ['https://dms.example.com/', true],
    ['https://dms.example.com:8443', true],
    ['http://localhost:5173', true],
    ['http://127.0.0.1:8080', true],
    ['http://dms.example.com', false],
    ['https://dms.example.com/callback', false],
    ['https://dms.example.com?x=1', false],
    ['https://user@dms.example.com', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['dms.example.com', false],
    ['', false],
  ])('%s → %s', (origin, allowed) => {
    expect(isRegisterableOrigin(origin)).toBe(allowed);
  });

  test('the schema normalises origins and drops repeats', () => {
    const parsed = v.parse(apiKeyCreateSchema, {
      name: '  Planer ',
      allowed_origins: ['https://DMS.example.com/', 'https://dms.example.com'],
    });
    expect(parsed).toEqual({ name: 'Planer', allowed_origins: ['https://dms.example.com'] });
  });
});

describe('the API keys screen machine', () => {
  test('a draft splits origins at spaces, commas and line breaks and is checked with the shared schema', () => {
    expect(draftRequest({ name: 'x', origins: 'https://a.example, https://b.example\nhttps://c.example' })).toEqual({
      name: 'x',
      allowed_origins: ['https://a.example', 'https://b.example', 'https://c.example'],
    });
    expect(draftErrors({ name: '', origins: 'http://a.example' })).toEqual({
      name: 'apiKeyNameRequired',
      allowed_origins: 'apiKeyOriginInvalid',
    });
    expect(draftErrors({ name: 'ok', origins: '' })).toEqual({});
  });

  test('the secret is held while it is shown and dropped when the dialog closes', async () => {
    const secret = `tp_0123456789_${'b'.repeat(43)}`;
    const key: ApiKeySummary = {
      id: 1,
      name: 'n',
      prefix: 'tp_0123456789',
      allowed_origins: [],
      created_at: '2026-11-25T10:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    };
    let loads = 0;
    const actor = createActor(
      apiKeysMachine.provide({
        actors: {
          loadKeys: fromPromise(async () => {
            loads += 1;
            return loads === 1 ? [] : [key];
          }),
          createKey: fromPromise(async () => ({ key, secret, message: undefined as string | undefined })),
          revokeKey: fromPromise(async () => ({ message: undefined as string | undefined })),
        },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().context.draft.errors).toEqual({ name: 'apiKeyNameRequired' });
    actor.send({ type: 'create.change', field: 'name', value: 'DMS' });
    expect(actor.getSnapshot().context.draft.errors).toEqual({});
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingSecret'));
    expect(actor.getSnapshot().context.revealed?.secret).toBe(secret);
    actor.send({ type: 'secret.done' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(secret);
    expect(actor.getSnapshot().context.keys).toEqual([key]);
  });
});
