import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DealerLead } from '../../common/contracts/dealer';
import type { InvitationRequest, WorkshopLead } from '../../common/contracts/workshop';
import {
  adminDealersMachine,
  adminLeadsMachine,
  dealerDecisionsFor,
  leadDecisionsFor,
} from '../../machines/admin-leads.machine';
import { CAPTCHA_RESET_DELAY_MS } from '../../machines/captcha.machine';
import { invitationRequestMachine } from '../../machines/invitation-request.machine';
import { apiFailure } from '../support/failures';
import { startReviewQueue } from '../support/review-queue';

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
    expect(actor.getSnapshot().context.captchaAnswer).toBe('answer');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
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
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
  });
});

describe('admin leads (the review-queue factory without a search)', () => {
  const lead: WorkshopLead = {
    id: 3,
    email: 'max@werkstatt.de',
    workshop_account_name: 'Werkstatt Müller',
    mode: 'plain',
    status: 'requested',
    review_note: null,
    created_at: '2026-11-22T10:00:00.000Z',
  };

  test('opens on the open requests, newest first; the filter and the pager reload', async () => {
    const { actor, queries } = startReviewQueue(adminLeadsMachine, [lead]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'page.change', page: 2 });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    actor.send({ type: 'filter.change', status: 'rejected' });
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    expect(queries).toEqual([
      { page: 1, status: 'requested', search: '' },
      { page: 2, status: 'requested', search: '' },
      { page: 1, status: 'rejected', search: '' },
    ]);
  });

  test('has no search: typing is not an event this list answers', async () => {
    const { actor, queries } = startReviewQueue(adminLeadsMachine, [lead]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().can({ type: 'search.change', value: 'Müller' })).toBe(false);
    actor.send({ type: 'search.change', value: 'Müller' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.query.search).toBe('');
    expect(queries).toHaveLength(1);
  });

  test('rejecting asks for confirmation, sends the reason, notifies and reloads', async () => {
    const { actor, queries, effects } = startReviewQueue(adminLeadsMachine, [lead], {
      decide: async () => ({ message: 'Die Anfrage ist abgelehnt.' }),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: lead, decision: 'reject' });
    actor.send({ type: 'reason.change', value: 'Nicht im Pilotgebiet' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(effects.decide).toHaveBeenCalledWith({ item: lead, decision: 'reject', reason: 'Nicht im Pilotgebiet' });
    expect(effects.notifySuccess).toHaveBeenCalledWith('Die Anfrage ist abgelehnt.');
  });

  test('a refused decision notifies, closes the dialog and reloads the list', async () => {
    const { actor, queries, effects } = startReviewQueue(adminLeadsMachine, [lead], {
      decide: async () => {
        throw apiFailure('Diese Anfrage wurde bereits bearbeitet.');
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: lead, decision: 'approve' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(effects.notifyFailure).toHaveBeenCalledWith('Diese Anfrage wurde bereits bearbeitet.');
    expect(effects.notifySuccess).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  test('a filter change while the list is still loading is not lost', async () => {
    const { actor, queries } = startReviewQueue(adminLeadsMachine, [lead]);
    actor.send({ type: 'filter.change', status: 'verified' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.query.status).toBe('verified');
    expect(queries.at(-1)).toEqual({ page: 1, status: 'verified', search: '' });
  });

  test('cancel sends nothing', async () => {
    const { actor, effects } = startReviewQueue(adminLeadsMachine, [lead]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: lead, decision: 'approve' });
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(effects.decide).not.toHaveBeenCalled();
  });

  test('open requests can be approved or rejected, approved ones only rejected, the rest not at all', () => {
    expect(leadDecisionsFor(lead)).toEqual(['approve', 'reject']);
    expect(leadDecisionsFor({ ...lead, status: 'approved' })).toEqual(['reject']);
    for (const status of ['registered', 'verified', 'rejected'] as const) {
      expect(leadDecisionsFor({ ...lead, status })).toEqual([]);
    }
  });
});

describe('admin dealers (the review-queue factory without a search)', () => {
  const dealer: DealerLead = {
    id: 9,
    company_name: 'Teile Händler GmbH',
    first_name: 'Dieter',
    last_name: 'Händler',
    email: 'dieter@teile-haendler.de',
    contact_number: '+49 89 123456',
    city: 'München',
    country: 'Deutschland',
    brands_served: ['BMW'],
    status: 'UNVERIFIED',
    review_note: null,
    created_at: '2026-11-22T10:00:00.000Z',
  };

  test('opens on the unverified registrations; a filter change while loading is not lost', async () => {
    const { actor, queries } = startReviewQueue(adminDealersMachine, [dealer]);
    actor.send({ type: 'filter.change', status: 'VERIFIED' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(queries[0]).toEqual({ page: 1, status: 'UNVERIFIED', search: '' });
    expect(queries.at(-1)).toEqual({ page: 1, status: 'VERIFIED', search: '' });
  });

  test('verifying sends the decision without a reason, notifies and reloads', async () => {
    const { actor, queries, effects } = startReviewQueue(adminDealersMachine, [dealer], {
      decide: async () => ({ message: 'Der Händler ist verifiziert.' }),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: dealer, decision: 'verify' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().matches('deciding')).toBe(true);
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(effects.decide).toHaveBeenCalledWith({ item: dealer, decision: 'verify', reason: '' });
    expect(effects.notifySuccess).toHaveBeenCalledWith('Der Händler ist verifiziert.');
  });

  test('verifying as a listed dealer sends the picked choice; cancelling forgets it', async () => {
    const { actor, effects } = startReviewQueue(adminDealersMachine, [dealer], {
      loadPage: async (query) => ({
        items: [dealer],
        total: 1,
        page: query.page,
        page_size: 20,
        choices: [{ value: '3', label: 'WM SE' }],
      }),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.page?.choices).toEqual([{ value: '3', label: 'WM SE' }]);
    actor.send({ type: 'decision.request', item: dealer, decision: 'verify' });
    actor.send({ type: 'choice.change', value: '3' });
    actor.send({ type: 'decision.cancel' });
    actor.send({ type: 'decision.request', item: dealer, decision: 'verify' });
    expect(actor.getSnapshot().context.pending).toEqual({ item: dealer, decision: 'verify', reason: '' });
    actor.send({ type: 'choice.change', value: '3' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(effects.decide).toHaveBeenCalledTimes(1));
    expect(effects.decide).toHaveBeenCalledWith({ item: dealer, decision: 'verify', reason: '', choice: '3' });
  });

  test('a refused rejection notifies and closes the dialog', async () => {
    const { actor, effects } = startReviewQueue(adminDealersMachine, [dealer], {
      decide: async () => {
        throw apiFailure('Dafür fehlt Ihnen die Berechtigung.');
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: dealer, decision: 'reject' });
    actor.send({ type: 'reason.change', value: 'Keine Steuernummer' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Dafür fehlt Ihnen die Berechtigung.'));
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(false);
    expect(effects.decide).toHaveBeenCalledWith({ item: dealer, decision: 'reject', reason: 'Keine Steuernummer' });
  });

  test('only unverified registrations can be decided', () => {
    expect(dealerDecisionsFor(dealer)).toEqual(['verify', 'reject']);
    expect(dealerDecisionsFor({ ...dealer, status: 'VERIFIED' })).toEqual([]);
    expect(dealerDecisionsFor({ ...dealer, status: 'REJECTED' })).toEqual([]);
  });
});
