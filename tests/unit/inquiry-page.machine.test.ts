import { expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { InquiryDetail, TradeEvent } from '../../common/contracts/trading';
import { type CancelInput, inquiryPageMachine, type PlaceOrdersInput } from '../../machines/inquiry-page.machine';
import { cheapestFor, defaultChoices, fastestFor, plannedOrders } from '../../machines/inquiry-quotes';
import { tradeEventsActor } from '../../src/app/live-events';
import { aLiveSource } from '../support/dealer-inquiry';
import { apiFailure } from '../support/failures';
import { aTradeEvent, quotedInquiry } from '../support/workshop-inquiry-fixtures';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  options: {
    load?: () => Promise<InquiryDetail>;
    place?: (input: PlaceOrdersInput) => Promise<unknown>;
    cancel?: (input: CancelInput) => Promise<unknown>;
  } = {},
) {
  let emit: (event: TradeEvent) => void = () => {};
  const fakes = {
    load: vi.fn(options.load ?? (async () => quotedInquiry())),
    place: vi.fn(options.place ?? (async () => ({ orders: [], message: 'Ordered.' }))),
    cancel: vi.fn(
      options.cancel ?? (async () => ({ inquiry: quotedInquiry({ status: 'cancelled' }), message: 'Withdrawn.' })),
    ),
    notifySuccess: vi.fn(),
    unsubscribe: vi.fn(),
  };
  const machine = inquiryPageMachine.provide({
    actors: {
      loadInquiry: fromPromise(() => fakes.load()),
      placeOrders: fromPromise(({ input }) => fakes.place(input) as never),
      cancelInquiry: fromPromise(({ input }) => fakes.cancel(input) as never),
      liveEvents: fromCallback(({ sendBack }) => {
        emit = (event) => sendBack({ type: 'trade.event', event });
        return fakes.unsubscribe;
      }),
    },
    actions: { notifySuccess: (_, { message }) => fakes.notifySuccess(message) },
  });
  const actor = createActor(machine, { input: { inquiryId: 77 } }).start();
  return { actor, fakes, emit: (event: TradeEvent) => emit(event) };
}

test('the matrix marks per line the cheapest and the fastest offer; declined and unavailable lines are no offers', () => {
  const detail = quotedInquiry();
  expect(cheapestFor(detail, 1)).toEqual([502]);
  expect(fastestFor(detail, 1)).toEqual([501]);
  expect(cheapestFor(detail, 2)).toEqual([501]);
  expect(fastestFor(detail, 2)).toEqual([501]);
  const unavailable = quotedInquiry();
  const quote = unavailable.recipients[1]?.quote_lines[0];
  if (quote) quote.availability = 'not_available';
  expect(cheapestFor(unavailable, 1)).toEqual([501]);
});

test('the choice starts with the cheapest offer per line; the orders are split per dealer with dealerTotal', () => {
  const detail = quotedInquiry();
  const choices = defaultChoices(detail);
  expect(choices).toEqual({ 1: 502, 2: 501 });
  expect(plannedOrders(detail, choices).map((order) => [order.recipient.id, order.totals])).toEqual([
    // Ostsee: the filter 12,00 € with freight 6,90 € (below its free-freight threshold).
    [501, { net: 1_200, deposit: 0, freight: 690, total: 1_890 }],
    // Förde: two discs at 89,50 € and freight 4,90 €.
    [502, { net: 17_900, deposit: 0, freight: 490, total: 18_390 }],
  ]);
  // Both lines from Ostsee: 212,00 € net, 10,00 € deposit, free freight from 150,00 €.
  expect(plannedOrders(detail, { 1: 501, 2: 501 })[0]?.totals).toEqual({
    net: 21_200,
    deposit: 1_000,
    freight: 0,
    total: 22_200,
  });
  // A choice still on offer is kept after a reload; one no longer on offer falls back to the cheapest.
  expect(defaultChoices(detail, { 1: 501, 2: null })).toEqual({ 1: 501, 2: null });
  expect(defaultChoices(detail, { 1: 503, 2: 502 })).toEqual({ 1: 502, 2: 501 });
});

test('loads the inquiry and preselects the cheapest offers; a failed load offers a retry', async () => {
  let fail = true;
  const { actor } = start({
    load: async () => {
      if (fail) throw apiFailure('No connection to the server', 'networkError');
      return quotedInquiry();
    },
  });
  await settled();
  expect(actor.getSnapshot().matches('failed')).toBe(true);
  expect(actor.getSnapshot().context.loadError).toBe('No connection to the server');
  fail = false;
  actor.send({ type: 'inquiry.retry' });
  await settled();
  expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
});

test('a live event about this inquiry reads it again; one about another inquiry does not', async () => {
  const { actor, fakes, emit } = start();
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(1);
  emit(aTradeEvent(12));
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(1);
  emit(aTradeEvent(77));
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(2);
  actor.stop();
  expect(fakes.unsubscribe).toHaveBeenCalled();
});

test('an event during a load reads the inquiry once more after it', async () => {
  const { actor, fakes, emit } = start();
  emit(aTradeEvent(77));
  await settled();
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(2);
  expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
});

test('ordering: the lifecycle decides; the review sends the version and the chosen lines', async () => {
  const { actor, fakes } = start();
  await settled();
  actor.send({ type: 'choice.set', lineId: 2, recipientId: null });
  expect(actor.getSnapshot().can({ type: 'order.review' })).toBe(true);
  actor.send({ type: 'order.review' });
  expect(actor.getSnapshot().matches({ ready: 'reviewing' })).toBe(true);
  actor.send({ type: 'order.confirm' });
  await settled();
  expect(fakes.place).toHaveBeenCalledWith({
    inquiryId: 77,
    placement: {
      version: 4,
      choices: [{ inquiry_line_id: 1, recipient_id: 502 }],
      orders: [{ recipient_id: 502, handover: 'delivery', note: '' }],
    },
  });
  expect(fakes.notifySuccess).toHaveBeenCalledWith('Ordered.');
  expect(fakes.load).toHaveBeenCalledTimes(2);
});

test('an expired quote cannot be chosen: the guard refuses it and the choice stays as it was', async () => {
  // Förde Teile's quote (the cheaper disc) was valid until 2026-11-28; the server's today is the 29th.
  const { actor } = start({ load: async () => quotedInquiry({ today: '2026-11-29' }) });
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 501, 2: 501 });
  expect(actor.getSnapshot().can({ type: 'choice.set', lineId: 1, recipientId: 502 })).toBe(false);
  actor.send({ type: 'choice.set', lineId: 1, recipientId: 502 });
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 501, 2: 501 });
  // The valid quote and leaving the line out stay possible; on its valid-until day Förde is chosen.
  expect(actor.getSnapshot().can({ type: 'choice.set', lineId: 1, recipientId: null })).toBe(true);
  expect(actor.getSnapshot().can({ type: 'choice.set', lineId: 1, recipientId: 501 })).toBe(true);
  const lastDay = start({ load: async () => quotedInquiry({ today: '2026-11-28' }) });
  await settled();
  lastDay.actor.send({ type: 'choice.set', lineId: 1, recipientId: 501 });
  lastDay.actor.send({ type: 'choice.set', lineId: 1, recipientId: 502 });
  expect(lastDay.actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
});

test('a line a dealer did not offer, or in a lifecycle that takes no order, cannot be chosen', async () => {
  const { actor } = start();
  await settled();
  // Förde declined the filter.
  actor.send({ type: 'choice.set', lineId: 2, recipientId: 502 });
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
  const sent = start({ load: async () => quotedInquiry({ status: 'ordered' }) });
  await settled();
  expect(sent.actor.getSnapshot().can({ type: 'choice.set', lineId: 1, recipientId: 501 })).toBe(false);
  expect(sent.actor.getSnapshot().can({ type: 'choice.set', lineId: 1, recipientId: null })).toBe(false);
});

test('nothing chosen, or a sent inquiry without quotes: no order is offered', async () => {
  const { actor } = start();
  await settled();
  actor.send({ type: 'choice.set', lineId: 1, recipientId: null });
  actor.send({ type: 'choice.set', lineId: 2, recipientId: null });
  expect(actor.getSnapshot().can({ type: 'order.review' })).toBe(false);

  for (const status of ['sent', 'ordered', 'cancelled'] as const) {
    const other = start({ load: async () => quotedInquiry({ status }) });
    await settled();
    expect(other.actor.getSnapshot().can({ type: 'order.review' })).toBe(false);
    expect(other.actor.getSnapshot().can({ type: 'cancel.request' })).toBe(status === 'sent');
  }
  const closed = start({ load: async () => quotedInquiry({ status: 'closed' }) });
  await settled();
  expect(closed.actor.getSnapshot().can({ type: 'order.review' })).toBe(true);
});

test('a 409 while ordering reads the inquiry again and says the quotes changed', async () => {
  const { actor, fakes } = start({
    place: async () => {
      throw apiFailure('Changed', 'inquiryChanged');
    },
  });
  await settled();
  actor.send({ type: 'order.review' });
  actor.send({ type: 'order.confirm' });
  await settled();
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(2);
  expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  expect(actor.getSnapshot().context.notice).toBe('inquiryChanged');
});

test('another refusal while ordering stays in the review with the message', async () => {
  const { actor } = start({
    place: async () => {
      throw apiFailure('No connection to the server', 'networkError');
    },
  });
  await settled();
  actor.send({ type: 'order.review' });
  actor.send({ type: 'order.confirm' });
  await settled();
  expect(actor.getSnapshot().matches({ ready: 'reviewing' })).toBe(true);
  expect(actor.getSnapshot().context.failure).toEqual({
    messageId: 'networkError',
    message: 'No connection to the server',
  });
});

test('withdrawing asks first and sends the version', async () => {
  const { actor, fakes } = start();
  await settled();
  actor.send({ type: 'cancel.request' });
  actor.send({ type: 'cancel.dismiss' });
  expect(fakes.cancel).not.toHaveBeenCalled();
  actor.send({ type: 'cancel.request' });
  actor.send({ type: 'cancel.confirm' });
  await settled();
  expect(fakes.cancel).toHaveBeenCalledWith({ inquiryId: 77, version: 4 });
  expect(actor.getSnapshot().context.detail?.status).toBe('cancelled');
  expect(actor.getSnapshot().can({ type: 'cancel.request' })).toBe(false);
  expect(fakes.notifySuccess).toHaveBeenCalledWith('Withdrawn.');
});

test('a live event while the review is open reloads once it is closed', async () => {
  const { actor, fakes, emit } = start();
  await settled();
  actor.send({ type: 'order.review' });
  emit(aTradeEvent(77));
  expect(actor.getSnapshot().matches({ ready: 'reviewing' })).toBe(true);
  actor.send({ type: 'review.cancel' });
  await settled();
  expect(fakes.load).toHaveBeenCalledTimes(2);
});

/** The fixture before any dealer answered: everything asked, nothing quoted yet. */
const unanswered = () =>
  quotedInquiry({
    status: 'sent',
    version: 2,
    recipients: quotedInquiry().recipients.map((recipient) => ({
      ...recipient,
      status: 'sent' as const,
      answered_at: null,
      quote_lines: [],
    })),
  });

test('a quote that arrives live is chosen exactly as after a reload (issue 24 §4)', async () => {
  let current = unanswered();
  const { actor, emit } = start({ load: async () => current });
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: null, 2: null });
  expect(actor.getSnapshot().can({ type: 'order.review' })).toBe(false);
  // The dealers answer while the page is open.
  current = quotedInquiry();
  emit(aTradeEvent(77));
  await settled();
  const live = actor.getSnapshot().context.choices;
  // A fresh page on the same inquiry (a reload) starts with the same choice.
  const reloaded = start({ load: async () => current });
  await settled();
  expect(live).toEqual(reloaded.actor.getSnapshot().context.choices);
  expect(live).toEqual({ 1: 502, 2: 501 });
  expect(actor.getSnapshot().can({ type: 'order.review' })).toBe(true);
});

test('a choice made by hand survives a live quote; only the untouched lines take the new default', async () => {
  let current = quotedInquiry({
    recipients: quotedInquiry().recipients.map((recipient) =>
      recipient.id === 502 ? { ...recipient, status: 'sent' as const, quote_lines: [] } : recipient,
    ),
  });
  const { actor, emit } = start({ load: async () => current });
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 501, 2: 501 });
  // The person leaves the filter out; then Förde Teile answers with the cheaper disc.
  actor.send({ type: 'choice.set', lineId: 2, recipientId: null });
  current = quotedInquiry();
  emit(aTradeEvent(77));
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: null });
});

test('everything from one dealer, and back to the cheapest delivered choice', async () => {
  const { actor, emit } = start();
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
  // Förde Teile did not offer the filter: it cannot deliver everything.
  actor.send({ type: 'choice.allFrom', recipientId: 502 });
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
  actor.send({ type: 'choice.allFrom', recipientId: 501 });
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 501, 2: 501 });
  // A hand-made choice: it is kept when the inquiry is read again.
  emit(aTradeEvent(77));
  await settled();
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 501, 2: 501 });
  actor.send({ type: 'choice.cheapest' });
  expect(actor.getSnapshot().context.choices).toEqual({ 1: 502, 2: 501 });
});

test('the review takes delivery or pickup and a note per dealer; a note over 500 characters is refused there', async () => {
  const { actor, fakes } = start();
  await settled();
  // Line 1 from Förde (502), line 2 from Ostsee (501): two orders, two dealers.
  actor.send({ type: 'choice.set', lineId: 1, recipientId: 502 });
  actor.send({ type: 'order.review' });
  actor.send({ type: 'review.handover', recipientId: 502, handover: 'pickup' });
  actor.send({ type: 'review.note', recipientId: 502, note: 'n'.repeat(501) });
  actor.send({ type: 'order.confirm' });
  await settled();
  expect(fakes.place).not.toHaveBeenCalled();
  expect(actor.getSnapshot().matches({ ready: 'reviewing' })).toBe(true);
  expect(actor.getSnapshot().context.noteErrors).toEqual({ 502: 'fieldTooLong' });
  // Typing again clears the message; the pickup choice stays.
  actor.send({ type: 'review.note', recipientId: 502, note: 'Abholung gegen 15 Uhr' });
  expect(actor.getSnapshot().context.noteErrors).toEqual({});
  actor.send({ type: 'order.confirm' });
  await settled();
  expect(fakes.place).toHaveBeenCalledTimes(1);
  const placement = (fakes.place.mock.calls[0]?.[0] as PlaceOrdersInput | undefined)?.placement;
  expect(placement?.orders).toEqual(
    expect.arrayContaining([
      { recipient_id: 502, handover: 'pickup', note: 'Abholung gegen 15 Uhr' },
      { recipient_id: 501, handover: 'delivery', note: '' },
    ]),
  );
  expect(placement?.orders).toHaveLength(2);
  // Placed: the next review starts from delivery without a note again.
  expect(actor.getSnapshot().context.handovers).toEqual({});
});

test('the live stream’s reload (a resume beyond the horizon, ADR 045) reaches the page through the app’s event source and reads the inquiry again', async () => {
  const live = aLiveSource();
  const load = vi.fn(async () => quotedInquiry());
  const machine = inquiryPageMachine.provide({
    actors: { loadInquiry: fromPromise(load), liveEvents: tradeEventsActor(live.source) },
  });
  const actor = createActor(machine, { input: { inquiryId: 77 } }).start();
  await settled();
  expect(load).toHaveBeenCalledTimes(1);
  live.reload();
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await settled();
  expect(load).toHaveBeenCalledTimes(2);
  expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  actor.stop();
});
