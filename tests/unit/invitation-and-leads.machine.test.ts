import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { InvitationRequest, WorkshopLead } from '../../common/contracts/workshop';
import { adminLeadsMachine, type LeadDecision } from '../../machines/admin-leads.machine';
import { CAPTCHA_RESET_DELAY_MS } from '../../machines/captcha.machine';
import { invitationRequestMachine } from '../../machines/invitation-request.machine';
import { apiFailure } from '../support/failures';

describe('invitation request', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(
    send: (request: InvitationRequest) => Promise<{ message: string | undefined }> = async () => ({ message: 'Danke' }),
  ) {
    const effects = { send: vi.fn(send), navigate: vi.fn(), notifyFailure: vi.fn() };
    const actor = createActor(
      invitationRequestMachine.provide({
        actors: { sendRequest: fromPromise(({ input }) => effects.send(input)) },
        actions: {
          navigate: (_, { to }) => effects.navigate(to),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
          notifySuccess: () => {},
        },
      }),
      { input: { mode: 'account-creation' } },
    ).start();
    const captcha = () => actor.getSnapshot().context.captcha;
    return { actor, effects, captcha };
  }

  test('sending is not possible until the captcha is solved', () => {
    const { actor, captcha } = start();
    expect(actor.getSnapshot().can({ type: 'request.submit' })).toBe(false);
    captcha().send({ type: 'captcha.solved', value: 'answer' });
    expect(actor.getSnapshot().can({ type: 'request.submit' })).toBe(true);
  });

  test('with the captcha solved, missing fields show emailRequired and "this field is required"', () => {
    const { actor, captcha, effects } = start();
    captcha().send({ type: 'captcha.solved', value: 'answer' });
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      workshop_primary_email: 'emailRequired',
      workshop_account_name: 'fieldRequired',
    });
    expect(effects.send).not.toHaveBeenCalled();
  });

  test('any field edit resets the solved captcha 1 s after the last edit', () => {
    const { actor, captcha } = start();
    captcha().send({ type: 'captcha.solved', value: 'answer' });
    actor.send({ type: 'field.change', field: 'workshop_account_name', value: 'W' });
    vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS - 1);
    expect(captcha().getSnapshot().context.value).toBe('answer');
    vi.advanceTimersByTime(1);
    expect(captcha().getSnapshot().context.value).toBeNull();
  });

  test('step 1 → step 2 on success with the captcha answer and the mode; close goes to /', async () => {
    const { actor, captcha, effects } = start();
    actor.send({ type: 'field.change', field: 'workshop_primary_email', value: 'Max@Werkstatt.de' });
    actor.send({ type: 'field.change', field: 'workshop_account_name', value: 'Werkstatt Müller' });
    captcha().send({ type: 'captcha.solved', value: 'answer' });
    actor.send({ type: 'request.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('step:2')).toBe(true));
    expect(effects.send).toHaveBeenCalledWith({
      workshop_primary_email: 'max@werkstatt.de',
      workshop_account_name: 'Werkstatt Müller',
      recaptcha: 'answer',
      mode: 'account-creation',
    });
    actor.send({ type: 'request.close' });
    expect(effects.navigate).toHaveBeenCalledWith('/');
  });

  test('a failure keeps step 1, notifies and asks for the captcha again (its answer was spent)', async () => {
    const { actor, captcha, effects } = start(async () => {
      throw apiFailure('Die Roboter-Prüfung ist abgelaufen.', 'captchaInvalid', 'recaptcha');
    });
    actor.send({ type: 'field.change', field: 'workshop_primary_email', value: 'max@werkstatt.de' });
    actor.send({ type: 'field.change', field: 'workshop_account_name', value: 'Werkstatt Müller' });
    captcha().send({ type: 'captcha.solved', value: 'answer' });
    actor.send({ type: 'request.submit' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Die Roboter-Prüfung ist abgelaufen.'));
    expect(actor.getSnapshot().hasTag('step:1')).toBe(true);
    expect(captcha().getSnapshot().matches('unsolved')).toBe(true);
  });
});

describe('admin leads', () => {
  const lead: WorkshopLead = {
    id: 3,
    email: 'max@werkstatt.de',
    workshop_account_name: 'Werkstatt Müller',
    mode: 'plain',
    status: 'requested',
    review_note: null,
    created_at: '2026-11-22T10:00:00.000Z',
  };

  function start() {
    const queries: unknown[] = [];
    const decisions: LeadDecision[] = [];
    const actor = createActor(
      adminLeadsMachine.provide({
        actors: {
          listLeads: fromPromise(async ({ input }) => {
            queries.push(input);
            return { items: [lead], total: 1, page: 1, page_size: 20 };
          }),
          decideLead: fromPromise(async ({ input }) => {
            decisions.push(input);
            return { message: 'ok' };
          }),
        },
        actions: { notifySuccess: () => {}, notifyFailure: () => {} },
      }),
    ).start();
    return { actor, queries, decisions };
  }

  test('opens on the open requests, newest first; the filter reloads from page 1', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'filter.change', status: 'rejected' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(queries).toEqual([
      { page: 1, status: 'requested' },
      { page: 1, status: 'rejected' },
    ]);
  });

  test('rejecting asks for confirmation, sends the reason and reloads', async () => {
    const { actor, queries, decisions } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', lead, decision: 'reject' });
    actor.send({ type: 'reason.change', value: 'Nicht im Pilotgebiet' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(decisions).toEqual([{ lead, decision: 'reject', reason: 'Nicht im Pilotgebiet' }]);
  });

  test('a filter change while the list is still loading is not lost', async () => {
    const { actor, queries } = start();
    actor.send({ type: 'filter.change', status: 'verified' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.query.status).toBe('verified');
    expect(queries.at(-1)).toEqual({ page: 1, status: 'verified' });
  });

  test('cancel sends nothing', async () => {
    const { actor, decisions } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', lead, decision: 'approve' });
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(decisions).toEqual([]);
  });
});
