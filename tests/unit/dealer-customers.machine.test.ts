import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DealerCustomer } from '../../common/contracts/customers';
import {
  CUSTOMER_SEARCH_DEBOUNCE_MS,
  customerDecisionsFor,
  dealerCustomersMachine,
} from '../../machines/dealer-customers.machine';
import { aCustomer } from '../support/customers';
import { apiFailure } from '../support/failures';
import { startReviewQueue } from '../support/review-queue';

const requested = aCustomer();

async function ready(
  fakes: Parameters<typeof startReviewQueue<DealerCustomer, DealerCustomer['status'], 'accept' | 'decline'>>[2] = {},
) {
  const queue = startReviewQueue(dealerCustomersMachine, [requested], fakes);
  await vi.waitFor(() => expect(queue.actor.getSnapshot().matches('ready')).toBe(true));
  return queue;
}

describe('dealer customers', () => {
  afterEach(() => vi.useRealTimers());

  test('opens on every customer (issue 24 §8), page 1, no search', async () => {
    const { queries } = await ready();
    expect(queries).toEqual([{ page: 1, status: '', search: '' }]);
  });

  test('the filter, the page and a debounced search each load again; typing sends one request', async () => {
    vi.useFakeTimers();
    const { actor, queries } = startReviewQueue(dealerCustomersMachine, [requested]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'filter.change', status: 'active' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    actor.send({ type: 'page.change', page: 2 });
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    actor.send({ type: 'search.change', value: 'K-4' });
    actor.send({ type: 'search.change', value: 'K-47' });
    await vi.advanceTimersByTimeAsync(CUSTOMER_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(queries).toHaveLength(4));
    expect(queries.slice(1)).toEqual([
      { page: 1, status: 'active', search: '' },
      { page: 2, status: 'active', search: '' },
      { page: 1, status: 'active', search: 'K-47' },
    ]);
  });

  test('accepting is confirmed first, then sent, announced and the list reloaded', async () => {
    const { actor, effects, queries } = await ready();
    actor.send({ type: 'decision.request', item: requested, decision: 'accept' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    expect(effects.decide).not.toHaveBeenCalled();
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(effects.notifySuccess).toHaveBeenCalledWith('ok'));
    expect(effects.decide).toHaveBeenCalledWith({ item: requested, decision: 'accept', reason: '' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
  });

  test('cancelling a decision sends nothing', async () => {
    const { actor, effects } = await ready();
    actor.send({ type: 'decision.request', item: requested, decision: 'decline' });
    actor.send({ type: 'reason.change', value: 'Unbekannt' });
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(effects.decide).not.toHaveBeenCalled();
  });

  test('declining without a reason keeps the dialog open with declineReasonRequired and sends nothing', async () => {
    const { actor, effects } = await ready();
    actor.send({ type: 'decision.request', item: requested, decision: 'decline' });
    actor.send({ type: 'reason.change', value: '   ' });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.reasonProblem).toBe('declineReasonRequired');
    expect(effects.decide).not.toHaveBeenCalled();
    // Typing clears the message; a reason over 500 characters is refused as too long.
    actor.send({ type: 'reason.change', value: 'x'.repeat(501) });
    expect(actor.getSnapshot().context.reasonProblem).toBeNull();
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().context.reasonProblem).toBe('fieldTooLong');
    actor.send({ type: 'reason.change', value: 'Kundennummer unbekannt' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() =>
      expect(effects.decide).toHaveBeenCalledWith({
        item: requested,
        decision: 'decline',
        reason: 'Kundennummer unbekannt',
      }),
    );
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.reasonProblem).toBeNull();
  });

  test('an accept needs no reason', async () => {
    const { actor, effects } = await ready();
    actor.send({ type: 'decision.request', item: requested, decision: 'accept' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(effects.decide).toHaveBeenCalled());
  });

  test('a refused decision (decided meanwhile) is announced and the list reloaded to show how it stands', async () => {
    const { actor, effects, queries } = await ready({
      decide: async () => {
        throw apiFailure('Über diese Verbindung wurde bereits entschieden.', 'relationNotRequested');
      },
    });
    actor.send({ type: 'decision.request', item: requested, decision: 'accept' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() =>
      expect(effects.notifyFailure).toHaveBeenCalledWith('Über diese Verbindung wurde bereits entschieden.'),
    );
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  test('a list that cannot be loaded shows the message and loads again on retry', async () => {
    let fail = true;
    const { actor, queries } = startReviewQueue(dealerCustomersMachine, [requested], {
      loadPage: async (query) => {
        if (fail) throw apiFailure('Keine Verbindung zum Server', 'networkError');
        return { items: [requested], total: 1, page: query.page, page_size: 20 };
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBe('Keine Verbindung zum Server');
    fail = false;
    actor.send({ type: 'list.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(queries).toHaveLength(2);
  });

  test('only a requested relation offers decisions', () => {
    expect(customerDecisionsFor(requested)).toEqual(['accept', 'decline']);
    expect(customerDecisionsFor(aCustomer({ status: 'active' }))).toEqual([]);
    expect(customerDecisionsFor(aCustomer({ status: 'declined', decline_reason: 'Nein' }))).toEqual([]);
  });
});
