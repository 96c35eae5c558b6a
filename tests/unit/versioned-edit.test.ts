import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MessageId } from '../../common/contracts/message-ids';
import {
  createVersionedEditMachine,
  type VersionedEditInput,
  type VersionedSubmit,
} from '../../machines/blocks/versioned-edit';
import { apiFailure } from '../support/failures';

type Subject = { noteId: number };
type Values = { text: string };
type Current = { version: number; text: string };

const current: Current = { version: 5, text: 'Ein Kollege war schneller' };
const conflict = Object.assign(apiFailure('Changed meanwhile', 'orderChanged'), { data: current });
const refusal = apiFailure('Not allowed', 'actionNotAllowed');

const noteEdit = createVersionedEditMachine<Subject, Values, { saved: Current }, Current>({
  id: 'noteEdit',
  problem: (values) => (values.text.trim() === '' ? ('reasonRequired' satisfies MessageId) : null),
  readConflict: (error) =>
    error === conflict ? { current: (error as unknown as { data: Current }).data, messageId: 'orderChanged' } : null,
  isRefusal: (error) => error === refusal,
});

function start(
  submit: (input: VersionedSubmit<Subject, Values>) => Promise<{ saved: Current }>,
  input: VersionedEditInput<Subject, Values> = { subject: { noteId: 3 }, values: { text: '' }, version: 4 },
) {
  const sent: VersionedSubmit<Subject, Values>[] = [];
  const actor = createActor(
    noteEdit.provide({
      actors: {
        submit: fromPromise(({ input }) => {
          sent.push(input);
          return submit(input);
        }),
      },
    }),
    { input },
  ).start();
  return { actor, sent };
}

const saved = { saved: { version: 5, text: 'Neu' } };

test('values that break the rule are not sent; valid ones go with the version read, and the answer is the output', async () => {
  const { actor, sent } = start(async () => saved);
  expect(actor.getSnapshot().matches('editing')).toBe(true);
  actor.send({ type: 'edit.submit' });
  expect(actor.getSnapshot().context.error).toBe('reasonRequired');
  expect(sent).toEqual([]);
  actor.send({ type: 'edit.change', field: 'text', value: 'Neu' });
  expect(actor.getSnapshot().context.error).toBeNull();
  actor.send({ type: 'edit.submit' });
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(sent).toEqual([{ subject: { noteId: 3 }, values: { text: 'Neu' }, version: 4 }]);
  expect(actor.getSnapshot().output).toEqual({ outcome: 'done', result: saved });
});

test('a 409 with the current state ends in conflict with that state and the reason', async () => {
  const { actor } = start(() => Promise.reject(conflict));
  actor.send({ type: 'edit.change', field: 'text', value: 'Neu' });
  actor.send({ type: 'edit.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(actor.getSnapshot().matches('conflict')).toBe(true);
  expect(actor.getSnapshot().output).toEqual({
    outcome: 'conflict',
    current,
    messageId: 'orderChanged',
    message: 'Changed meanwhile',
    values: { text: 'Neu' },
  });
});

test('a refusal without the current state ends in refused with its message id', async () => {
  const { actor } = start(() => Promise.reject(refusal));
  actor.send({ type: 'edit.change', field: 'text', value: 'Neu' });
  actor.send({ type: 'edit.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(actor.getSnapshot().output).toEqual({
    outcome: 'refused',
    messageId: 'actionNotAllowed',
    message: 'Not allowed',
  });
});

test('a failure to send keeps the values and the message; trying again sends them again', async () => {
  let attempts = 0;
  const { actor, sent } = start(async () => {
    attempts += 1;
    if (attempts === 1) throw apiFailure('No connection to the server', 'networkError');
    return saved;
  });
  actor.send({ type: 'edit.change', field: 'text', value: 'Neu' });
  actor.send({ type: 'edit.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
  expect(actor.getSnapshot().status).toBe('active');
  expect(actor.getSnapshot().context).toMatchObject({
    failure: 'No connection to the server',
    values: { text: 'Neu' },
  });
  actor.send({ type: 'edit.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(sent).toHaveLength(2);
  expect(actor.getSnapshot().output).toEqual({ outcome: 'done', result: saved });
});

test('cancelling ends the edit without sending; while sending, cancel is not taken', async () => {
  const idle = start(async () => saved);
  idle.actor.send({ type: 'edit.cancel' });
  expect(idle.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  expect(idle.sent).toEqual([]);

  let settle: (value: { saved: Current }) => void = () => {};
  const busy = start(() => new Promise((resolve) => (settle = resolve)));
  busy.actor.send({ type: 'edit.change', field: 'text', value: 'Neu' });
  busy.actor.send({ type: 'edit.submit' });
  busy.actor.send({ type: 'edit.cancel' });
  expect(busy.actor.getSnapshot().matches('submitting')).toBe(true);
  settle(saved);
  await vi.waitFor(() => expect(busy.actor.getSnapshot().output).toEqual({ outcome: 'done', result: saved }));
});

describe('started with send (a page form, or the own values on top of a conflict)', () => {
  const typed = { subject: { noteId: 3 }, values: { text: 'Meins' }, version: 4, send: true };

  test('the values go out at once, and the answer is the output', async () => {
    const { actor, sent } = start(async () => saved, typed);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ subject: { noteId: 3 }, values: { text: 'Meins' }, version: 4 }]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'done', result: saved });
  });

  test('a failure to send ends the edit unsent, with the failure for the page to show', async () => {
    const { actor } = start(() => Promise.reject(apiFailure('Too long', 'priceInvalid', 'text')), typed);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({
      outcome: 'unsent',
      failure: { message: 'Too long', messageId: 'priceInvalid', field: 'text' },
    });
  });

  test('after a conflict the values it returned go on top of the current state, on its version', async () => {
    const first = start(() => Promise.reject(conflict), typed);
    await vi.waitFor(() => expect(first.actor.getSnapshot().status).toBe('done'));
    const ended = first.actor.getSnapshot().output;
    if (ended?.outcome !== 'conflict') throw new Error(`ended ${ended?.outcome}`);
    const onTop = start(async () => saved, {
      subject: { noteId: 3 },
      values: ended.values,
      version: ended.current.version,
      send: true,
    });
    await vi.waitFor(() => expect(onTop.actor.getSnapshot().status).toBe('done'));
    expect(onTop.sent).toEqual([{ subject: { noteId: 3 }, values: { text: 'Meins' }, version: 5 }]);
  });

  test('a dialog opened again after a conflict shows why the last try failed until the next one', async () => {
    const { actor } = start(async () => saved, {
      subject: { noteId: 3 },
      values: { text: 'Meins' },
      version: 5,
      failure: 'Changed meanwhile',
    });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('Changed meanwhile');
    actor.send({ type: 'edit.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ outcome: 'done', result: saved });
  });
});
