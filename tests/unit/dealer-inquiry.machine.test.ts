import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { type DealerInquiry, type QuoteAnswer, SEARCH_TEXT_MAX_LENGTH } from '../../common/contracts/trading';
import { type DealerInquiryInput, dealerInquiryMachine } from '../../machines/dealer-inquiry.machine';
import {
  dealerInquiryInboxMachine,
  type InboxPage,
  type InboxQuery,
  inboxSearchSchema,
  parseInboxSearch,
} from '../../machines/dealer-inquiry-inbox.machine';
import { inquiryStanding, takesAnswers, takesDecline } from '../../machines/dealer-inquiry-standing';
import { compactListSearch, LIST_SEARCH_DEBOUNCE_MS } from '../../machines/list-search';
import type { DealerInboxQuery, DealerInquiriesApi, DealerInquiryResult } from '../../src/api/dealer-inquiries-api';
import { readAnswerDraft, writeAnswerDraft } from '../../src/views/dealer-inquiries/answer-draft';
import { createDealerInquiryImplementations } from '../../src/views/dealer-inquiries/use-dealer-inquiry';
import { createDealerInquiryInboxImplementations } from '../../src/views/dealer-inquiries/use-dealer-inquiry-inbox';
import { aLiveSource, anAnsweredInquiry, anInboxItem, anInquiry, aTradeEvent } from '../support/dealer-inquiry';
import { apiFailure } from '../support/failures';

const USER = 5;
const today = '2026-11-25';

const started: AnyActorRef[] = [];
beforeEach(() => sessionStorage.clear());
// A screen's actor ends with the screen; an actor left running would keep its live subscription.
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

type Fake = {
  get?: (id: number) => Promise<DealerInquiry>;
  markSeen?: (id: number) => Promise<DealerInquiry>;
  answer?: (id: number, answer: QuoteAnswer) => Promise<DealerInquiryResult>;
  decline?: (id: number, body: { version: number; reason: string }) => Promise<DealerInquiryResult>;
};

function start(fake: Fake, input: Partial<DealerInquiryInput> = {}) {
  const calls = {
    get: 0,
    markSeen: 0,
    answers: [] as QuoteAnswer[],
    declines: [] as { version: number; reason: string }[],
  };
  const live = aLiveSource();
  const api = {
    get: async (id: number) => {
      calls.get += 1;
      return (fake.get ?? (async () => anInquiry()))(id);
    },
    markSeen: async (id: number) => {
      calls.markSeen += 1;
      return (fake.markSeen ?? (async () => anInquiry({ recipient: { status: 'seen', version: 2 } })))(id);
    },
    answer: async (id: number, answer: QuoteAnswer) => {
      calls.answers.push(answer);
      if (!fake.answer) throw new Error('no answer expected');
      return fake.answer(id, answer);
    },
    decline: async (id: number, body: { version: number; reason: string }) => {
      calls.declines.push(body);
      if (!fake.decline) throw new Error('no decline expected');
      return fake.decline(id, body);
    },
  } satisfies Pick<DealerInquiriesApi, 'get' | 'markSeen' | 'answer' | 'decline'>;
  const implementations = createDealerInquiryImplementations({
    api,
    live: live.source,
    storage: sessionStorage,
    userId: USER,
    inquiryId: 41,
  });
  const actor = createActor(dealerInquiryMachine.provide(implementations), {
    input: { inquiryId: 41, locale: 'de', today, draft: null, ...input },
  }).start();
  started.push(actor);
  return { actor, calls, live };
}

/** The open decline dialog (a versioned-edit child), as its snapshot. */
const declineDialog = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().children.decline?.getSnapshot();

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => snapshot.matches({ ready: { form: 'editing', refresh: 'idle' } }));

/** Fills line 1 as an offer and declines line 2. */
function fillValidAnswer(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'line.change', lineId: 501, field: 'net_price', value: '1.234,50' });
  actor.send({ type: 'line.change', lineId: 501, field: 'deposit', value: '25' });
  actor.send({ type: 'line.change', lineId: 501, field: 'availability', value: 'central_24h' });
  actor.send({ type: 'line.toggle', lineId: 502, field: 'offered', value: false });
  actor.send({ type: 'line.change', lineId: 502, field: 'decline_reason', value: 'Nicht am Lager' });
  actor.send({ type: 'quote.change', field: 'freight', value: '5,90' });
}

describe('opening an inquiry', () => {
  test('an inquiry nobody here opened is marked seen; the form starts empty, valid until today + 2 days', async () => {
    const { actor, calls } = start({});
    await ready(actor);
    expect(calls.markSeen).toBe(1);
    const { context } = actor.getSnapshot();
    expect(context.inquiry?.recipient.status).toBe('seen');
    // Marking seen bumped the version; nothing was typed on the old one, so the answer goes with the new one.
    expect(context.baseVersion).toBe(2);
    expect(context.values.valid_until).toBe('2026-11-27');
    expect(context.values.lines.map((line) => [line.inquiry_line_id, line.offered, line.net_price])).toEqual([
      [501, true, ''],
      [502, true, ''],
    ]);
  });

  test('an inquiry already seen is not marked again; an answered one fills the form with its answer', async () => {
    const { actor, calls } = start({ get: async () => anAnsweredInquiry(4990, 4) });
    await ready(actor);
    expect(calls.markSeen).toBe(0);
    const { values, baseVersion } = actor.getSnapshot().context;
    expect(baseVersion).toBe(4);
    expect(values.lines[0]).toMatchObject({ net_price: '49,90', availability: 'branch_today', fits_vehicle: true });
    expect(values.lines[1]).toMatchObject({ offered: false, decline_reason: 'Nicht lieferbar' });
    expect(values).toMatchObject({ valid_until: '2026-11-27', freight: '5,90', free_freight_from: '100,00' });
  });

  test('a failed mark-seen does not keep anyone from answering', async () => {
    const { actor } = start({ markSeen: async () => Promise.reject(apiFailure('offline', 'networkError')) });
    await ready(actor);
    expect(actor.getSnapshot().context.inquiry?.recipient.status).toBe('sent');
    expect(actor.getSnapshot().can({ type: 'answer.send' })).toBe(true);
  });

  test('a failed load says why and can be retried', async () => {
    let attempt = 0;
    const { actor } = start({
      get: async () => {
        attempt += 1;
        if (attempt === 1) throw apiFailure('Keine Verbindung zum Server.', 'networkError');
        return anAnsweredInquiry(100, 3);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.loadError).toBe('Keine Verbindung zum Server.');
    actor.send({ type: 'inquiry.retry' });
    await ready(actor);
  });
});

describe('validation', () => {
  test('an empty form reports each problem at its field, in form order, and focuses the first', async () => {
    const { actor, calls } = start({});
    await ready(actor);
    actor.send({ type: 'answer.send' });
    const { errors, focus } = actor.getSnapshot().context;
    expect(errors).toEqual({
      'lines.501.net_price': 'priceInvalid',
      'lines.501.availability': 'availabilityRequired',
      'lines.502.net_price': 'priceInvalid',
      'lines.502.availability': 'availabilityRequired',
    });
    expect(focus).toEqual({ key: 'lines.501.net_price', seq: 1 });
    expect(calls.answers).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true);
  });

  test('the contract rules apply: ETA for ordered parts, a reason for a declined line, amounts per language', async () => {
    const { actor } = start({});
    await ready(actor);
    actor.send({ type: 'line.change', lineId: 501, field: 'net_price', value: '12.50' });
    actor.send({ type: 'line.change', lineId: 501, field: 'availability', value: 'ordered_eta' });
    actor.send({ type: 'line.toggle', lineId: 502, field: 'offered', value: false });
    actor.send({ type: 'line.change', lineId: 502, field: 'decline_reason', value: '   ' });
    actor.send({ type: 'quote.change', field: 'valid_until', value: '2026-02-30' });
    actor.send({ type: 'quote.change', field: 'free_freight_from', value: '-5' });
    actor.send({ type: 'answer.send' });
    expect(actor.getSnapshot().context.errors).toEqual({
      'lines.501.net_price': 'priceInvalid', // "12.50" is no German amount
      'lines.501.eta': 'etaRequired',
      'lines.502.decline_reason': 'reasonRequired',
      valid_until: 'dateInvalid',
      free_freight_from: 'priceInvalid',
    });
    // Correcting a field clears its message.
    actor.send({ type: 'line.change', lineId: 501, field: 'net_price', value: '12,50' });
    expect(actor.getSnapshot().context.errors['lines.501.net_price']).toBeUndefined();
  });

  test('an ETA left behind when the availability changed is not sent', async () => {
    const { actor, calls } = start({ answer: () => new Promise(() => {}) });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'line.change', lineId: 501, field: 'availability', value: 'ordered_eta' });
    actor.send({ type: 'line.change', lineId: 501, field: 'eta', value: '2026-12-01' });
    actor.send({ type: 'line.change', lineId: 501, field: 'availability', value: 'branch_today' });
    actor.send({ type: 'answer.send' });
    expect(calls.answers[0]?.lines[0]).toMatchObject({ availability: 'branch_today', eta: null });
  });
});

describe('sending', () => {
  test('a valid answer goes out in cents with the version it was typed on; the draft is gone afterwards', async () => {
    const saved = anAnsweredInquiry(123450, 3);
    const { actor, calls } = start({
      answer: async () => ({ inquiry: saved, message: 'Ihr Angebot wurde gesendet.' }),
    });
    await ready(actor);
    fillValidAnswer(actor);
    expect(readAnswerDraft(sessionStorage, USER, 41)?.values.lines[0]?.net_price).toBe('1.234,50');
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { form: 'editing' } }) && !snapshot.context.dirty);
    expect(calls.answers).toEqual([
      {
        version: 2,
        valid_until: '2026-11-27',
        freight_cents: 590,
        free_freight_from_cents: null,
        lines: [
          {
            inquiry_line_id: 501,
            offered: true,
            net_price_cents: 123450,
            deposit_cents: 2500,
            availability: 'central_24h',
            eta: null,
            alternative_part_number: '',
            alternative_brand: '',
            fits_vehicle: false,
            note: '',
          },
          { inquiry_line_id: 502, offered: false, decline_reason: 'Nicht am Lager' },
        ],
      },
    ]);
    expect(actor.getSnapshot().context.inquiry).toEqual(saved);
    expect(actor.getSnapshot().context.baseVersion).toBe(3);
    expect(readAnswerDraft(sessionStorage, USER, 41)).toBeNull();
  });

  test('a refusal naming a field shows at that field; the entries stay', async () => {
    const { actor } = start({
      answer: async () =>
        Promise.reject(apiFailure('Das Angebot muss mindestens bis heute gelten.', 'validUntilPast', 'valid_until')),
    });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.context.errors.valid_until !== undefined);
    expect(actor.getSnapshot().context.errors).toEqual({ valid_until: 'validUntilPast' });
    expect(actor.getSnapshot().context.focus?.key).toBe('valid_until');
    expect(actor.getSnapshot().context.values.lines[0]?.net_price).toBe('1.234,50');
  });

  test('an inquiry that closed meanwhile is reloaded and the form is no longer offered', async () => {
    let closed = false;
    const { actor, calls } = start({
      get: async () =>
        closed ? anInquiry({ inquiry_status: 'closed', recipient: { status: 'expired', version: 3 } }) : anInquiry(),
      answer: async () => {
        closed = true;
        throw apiFailure('Die Anfrage nimmt keine Antworten mehr an.', 'inquiryClosed');
      },
    });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.context.inquiry?.recipient.status === 'expired');
    expect(calls.get).toBe(2);
    expect(actor.getSnapshot().can({ type: 'answer.send' })).toBe(false);
    expect(inquiryStanding(actor.getSnapshot().context.inquiry as DealerInquiry)).toBe('expired');
    // Nothing can be sent any more, so nothing is kept.
    expect(readAnswerDraft(sessionStorage, USER, 41)).toBeNull();
  });
});

describe('a colleague answered meanwhile (409 answerChanged)', () => {
  const theirs = anAnsweredInquiry(3990, 5);
  const conflict = Object.assign(apiFailure('Ein Kollege hat inzwischen geantwortet.', 'answerChanged'), {
    status: 409,
    data: theirs,
  });

  test("taking the colleague's answer fills the form with it", async () => {
    const { actor } = start({ answer: async () => Promise.reject(conflict) });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('conflict'));
    expect(actor.getSnapshot().context.conflict).toEqual(theirs);
    actor.send({ type: 'conflict.takeTheirs' });
    const { context } = actor.getSnapshot();
    expect(context.values.lines[0]?.net_price).toBe('39,90');
    expect(context.baseVersion).toBe(5);
    expect(context.dirty).toBe(false);
    expect(readAnswerDraft(sessionStorage, USER, 41)).toBeNull();
  });

  test('sending mine anyway re-sends the same answer with the version the colleague left', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      answer: async () => {
        attempt += 1;
        if (attempt === 1) throw conflict;
        return { inquiry: anAnsweredInquiry(123450, 6), message: undefined };
      },
    });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('conflict'));
    actor.send({ type: 'conflict.sendMine' });
    await waitFor(actor, (snapshot) => snapshot.context.baseVersion === 6);
    expect(calls.answers.map((answer) => answer.version)).toEqual([2, 5]);
    expect(calls.answers[1]?.lines).toEqual(calls.answers[0]?.lines);
  });

  test('when the colleague declined the inquiry, there is nothing to send mine on top of', async () => {
    const declined = anInquiry({ recipient: { status: 'declined', version: 5, decline_reason: 'Kein Lieferant' } });
    const { actor } = start({
      answer: async () =>
        Promise.reject(Object.assign(apiFailure('changed', 'answerChanged'), { status: 409, data: declined })),
    });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('conflict'));
    expect(actor.getSnapshot().can({ type: 'conflict.sendMine' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'conflict.takeTheirs' })).toBe(true);
  });
});

describe('declining the inquiry', () => {
  test('needs a reason; goes out with the version read; afterwards the inquiry is declined', async () => {
    const { actor, calls } = start({
      decline: async () => ({
        inquiry: anInquiry({ recipient: { status: 'declined', version: 3, decline_reason: 'Keine Teile' } }),
        message: 'Sie haben die Anfrage abgelehnt.',
      }),
    });
    await ready(actor);
    actor.send({ type: 'decline.open' });
    actor.send({ type: 'decline.confirm' });
    expect(declineDialog(actor)?.context.error).toBe('reasonRequired');
    expect(calls.declines).toEqual([]);
    actor.send({ type: 'decline.reasonChange', value: '  Keine Teile  ' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.inquiry?.recipient.status === 'declined');
    expect(calls.declines).toEqual([{ version: 2, reason: 'Keine Teile' }]);
    expect(actor.getSnapshot().can({ type: 'decline.open' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'answer.send' })).toBe(false);
  });

  test('a refused decline keeps the dialog open with the message', async () => {
    const { actor } = start({ decline: async () => Promise.reject(apiFailure('Keine Verbindung.', 'networkError')) });
    await ready(actor);
    actor.send({ type: 'decline.open' });
    actor.send({ type: 'decline.reasonChange', value: 'Keine Teile' });
    actor.send({ type: 'decline.confirm' });
    // The dialog is a child: its changes are not the parent's snapshots, so the wait polls it.
    await vi.waitFor(() => expect(declineDialog(actor)?.context.failure).toBe('Keine Verbindung.'));
    expect(actor.getSnapshot().matches({ ready: { form: 'confirmingDecline' } })).toBe(true);
    expect(declineDialog(actor)?.context).toMatchObject({
      values: { reason: 'Keine Teile' },
      failure: 'Keine Verbindung.',
    });
  });

  test('a 409 with the inquiry shows it, keeps the dialog open with the reason, and a second try goes on its version', async () => {
    const answered = anAnsweredInquiry(3990, 5);
    let attempt = 0;
    const { actor, calls } = start({
      decline: async () => {
        attempt += 1;
        if (attempt === 1) {
          throw Object.assign(apiFailure('Ein Kollege hat inzwischen geantwortet.', 'answerChanged'), {
            status: 409,
            data: answered,
          });
        }
        return {
          inquiry: anInquiry({ recipient: { status: 'declined', version: 6, decline_reason: 'Keine Teile' } }),
          message: undefined,
        };
      },
    });
    await ready(actor);
    actor.send({ type: 'decline.open' });
    actor.send({ type: 'decline.reasonChange', value: 'Keine Teile' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.inquiry?.recipient.version === 5);
    expect(actor.getSnapshot().matches({ ready: { form: 'confirmingDecline' } })).toBe(true);
    expect(declineDialog(actor)?.context).toMatchObject({
      values: { reason: 'Keine Teile' },
      failure: 'Ein Kollege hat inzwischen geantwortet.',
      version: 5,
    });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.inquiry?.recipient.status === 'declined');
    expect(calls.declines).toEqual([
      { version: 2, reason: 'Keine Teile' },
      { version: 5, reason: 'Keine Teile' },
    ]);
  });
});

describe('draft and reload', () => {
  test('entries come back after a reload, on the version they were typed on', async () => {
    const first = start({});
    await ready(first.actor);
    fillValidAnswer(first.actor);
    first.actor.stop();
    const draft = readAnswerDraft(sessionStorage, USER, 41);
    expect(draft?.base_version).toBe(2);
    const second = start({ get: async () => anInquiry({ recipient: { status: 'seen', version: 2 } }) }, { draft });
    await ready(second.actor);
    const { context } = second.actor.getSnapshot();
    expect(context.values.lines[0]?.net_price).toBe('1.234,50');
    expect(context.dirty).toBe(true);
    expect(context.notice).toBeNull();
  });

  test('a draft typed on an older version is kept, and the screen says the inquiry changed', async () => {
    const first = start({});
    await ready(first.actor);
    fillValidAnswer(first.actor);
    first.actor.stop();
    const draft = readAnswerDraft(sessionStorage, USER, 41);
    const second = start({ get: async () => anAnsweredInquiry(3990, 5) }, { draft });
    await ready(second.actor);
    expect(second.actor.getSnapshot().context).toMatchObject({ notice: 'stale', baseVersion: 2, dirty: true });
  });

  test('a draft for an inquiry that no longer takes answers is dropped', async () => {
    writeAnswerDraft(sessionStorage, USER, {
      inquiry_id: 41,
      base_version: 2,
      locale: 'de',
      values: { valid_until: '2026-11-27', freight: '', free_freight_from: '', lines: [] },
    });
    const draft = readAnswerDraft(sessionStorage, USER, 41);
    const { actor } = start(
      { get: async () => anInquiry({ inquiry_status: 'cancelled', recipient: { status: 'seen' } }) },
      { draft },
    );
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ ready: { form: 'editing', refresh: 'idle' } }));
    expect(readAnswerDraft(sessionStorage, USER, 41)).toBeNull();
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });

  test("drafts are kept per user: another user's draft is not read", async () => {
    const first = start({});
    await ready(first.actor);
    fillValidAnswer(first.actor);
    expect(readAnswerDraft(sessionStorage, USER + 1, 41)).toBeNull();
  });

  test('a language switch rewrites typed amounts instead of making them invalid', async () => {
    const { actor } = start({});
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'locale.change', locale: 'en' });
    expect(actor.getSnapshot().context.values.lines[0]?.net_price).toBe('1234.50');
    expect(actor.getSnapshot().context.values.freight).toBe('5.90');
    expect(readAnswerDraft(sessionStorage, USER, 41)?.locale).toBe('en');
  });
});

describe('live updates', () => {
  test('an event about this inquiry reloads it; with nothing typed the form follows the new answer', async () => {
    let answered = false;
    const { actor, calls, live } = start({
      get: async () =>
        answered ? anAnsweredInquiry(2990, 4) : anInquiry({ recipient: { status: 'seen', version: 2 } }),
    });
    await ready(actor);
    answered = true;
    live.emit(aTradeEvent({ inquiry_id: 99 }));
    expect(calls.get).toBe(1);
    live.emit(aTradeEvent());
    await waitFor(actor, (snapshot) => snapshot.context.notice === 'updated');
    expect(actor.getSnapshot().context.values.lines[0]?.net_price).toBe('29,90');
    expect(actor.getSnapshot().context.baseVersion).toBe(4);
  });

  test("the echo of the page's own step (the same inquiry again) says nothing changed", async () => {
    const { actor, calls, live } = start({
      get: async () => anInquiry({ recipient: { status: 'seen', version: 2 } }),
    });
    await ready(actor);
    live.emit(aTradeEvent());
    expect(actor.getSnapshot().matches({ ready: { refresh: 'refreshing' } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { refresh: 'idle' } }));
    expect(calls.get).toBe(2);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('with entries typed, they are kept and the screen says the inquiry changed', async () => {
    let answered = false;
    const { actor, live } = start({
      get: async () =>
        answered ? anAnsweredInquiry(2990, 4) : anInquiry({ recipient: { status: 'seen', version: 2 } }),
    });
    await ready(actor);
    fillValidAnswer(actor);
    answered = true;
    live.emit(aTradeEvent());
    await waitFor(actor, (snapshot) => snapshot.context.notice === 'stale');
    const { context } = actor.getSnapshot();
    expect(context.values.lines[0]?.net_price).toBe('1.234,50');
    expect(context.baseVersion).toBe(2);
    expect(context.inquiry?.recipient.version).toBe(4);
  });

  test('a live event while the answer is on its way neither interrupts it nor subscribes twice', async () => {
    let finish: (result: DealerInquiryResult) => void = () => {};
    const { actor, live } = start({ answer: () => new Promise((resolve) => (finish = resolve)) });
    await ready(actor);
    fillValidAnswer(actor);
    actor.send({ type: 'answer.send' });
    live.emit(aTradeEvent());
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    expect(live.listening()).toBe(1);
    finish({ inquiry: anAnsweredInquiry(123450, 3), message: undefined });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('sending') && snapshot.context.baseVersion === 3);
  });

  test('the live subscription ends with the screen', async () => {
    const { actor, live } = start({});
    await ready(actor);
    expect(live.listening()).toBe(1);
    actor.stop();
    expect(live.listening()).toBe(0);
  });
});

describe('the lifecycles decide what is offered', () => {
  test.each([
    ['sent', 'sent', true, true],
    ['sent', 'seen', true, true],
    ['quoted', 'answered', true, true],
    ['closed', 'seen', false, false],
    ['closed', 'answered', false, false],
    ['ordered', 'answered', false, false],
    ['cancelled', 'seen', false, false],
    ['quoted', 'declined', false, false],
    ['closed', 'expired', false, false],
  ] as const)('inquiry %s, recipient %s: answer %s, decline %s', (inquiryStatus, recipientStatus, answer, decline) => {
    const inquiry = anInquiry({ inquiry_status: inquiryStatus, recipient: { status: recipientStatus } });
    expect(takesAnswers(inquiry)).toBe(answer);
    expect(takesDecline(inquiry)).toBe(decline);
  });

  test('how the inquiry stands reads from both lifecycles and the order', () => {
    expect(inquiryStanding(anInquiry())).toBe('open');
    expect(inquiryStanding(anAnsweredInquiry(1, 2))).toBe('answered');
    expect(inquiryStanding(anInquiry({ inquiry_status: 'closed', recipient: { status: 'answered' } }))).toBe('closed');
    expect(inquiryStanding(anInquiry({ inquiry_status: 'ordered', order_id: 12 }))).toBe('orderedFromYou');
    expect(inquiryStanding(anInquiry({ inquiry_status: 'ordered', recipient: { status: 'answered' } }))).toBe(
      'orderedElsewhere',
    );
    expect(inquiryStanding(anInquiry({ inquiry_status: 'cancelled' }))).toBe('cancelled');
  });
});

describe('inbox', () => {
  function startInbox(
    query: InboxQuery,
    answer: (next: DealerInboxQuery) => InboxPage = (next) => ({
      items: [anInboxItem()],
      total: 1,
      page: next.page,
      page_size: 20,
    }),
  ) {
    const queries: DealerInboxQuery[] = [];
    const urls: { query: InboxQuery; replace: boolean }[] = [];
    const live = aLiveSource();
    const implementations = createDealerInquiryInboxImplementations({
      api: {
        inbox: async (next) => {
          queries.push(next);
          return answer(next);
        },
      },
      live: live.source,
      navigate: (next, { replace }) => urls.push({ query: next, replace }),
    });
    const actor = createActor(dealerInquiryInboxMachine.provide(implementations), { input: { query } }).start();
    started.push(actor);
    return { actor, queries, urls, live };
  }

  test('loads the query from the URL; "all" asks the server for every status', async () => {
    const { actor, queries } = startInbox({ status: 'all', page: 3, q: '' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries).toEqual([{ status: '', page: 3, q: '' }]);
  });

  test('a filter change goes to page 1 and into the URL, keeping the search; a live event reloads', async () => {
    const { actor, queries, urls, live } = startInbox({ status: 'open', page: 2, q: '1K0615301AA' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'filter.change', field: 'status', value: 'answered' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(urls).toEqual([{ query: { status: 'answered', page: 1, q: '1K0615301AA' }, replace: false }]);
    live.emit(aTradeEvent());
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.at(-1)).toEqual({ status: 'answered', page: 1, q: '1K0615301AA' });
  });

  test('the URL changing under the screen (back button) is followed; the same query is not loaded twice', async () => {
    const { actor, queries, urls } = startInbox({ status: 'open', page: 1, q: '' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'query.sync', query: { status: 'open', page: 1, q: '' } });
    expect(queries).toHaveLength(1);
    actor.send({ type: 'query.sync', query: { status: 'expired', page: 2, q: 'Golf' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries.at(-1)).toEqual({ status: 'expired', page: 2, q: 'Golf' });
    expect(urls).toEqual([]);
  });

  test('typing a search waits for the pause, asks once, from page 1, and replaces the URL entry', async () => {
    vi.useFakeTimers();
    try {
      const { actor, queries, urls } = startInbox({ status: 'open', page: 3, q: '' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      for (const q of ['1', '1K', '1K0 ', '1K0 6']) {
        actor.send({ type: 'filter.change', field: 'q', value: q });
        await vi.advanceTimersByTimeAsync(LIST_SEARCH_DEBOUNCE_MS - 1);
      }
      expect(queries).toHaveLength(1);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      expect(queries).toEqual([
        { status: 'open', page: 3, q: '' },
        { status: 'open', page: 1, q: '1K0 6' },
      ]);
      expect(urls.map((url) => url.replace)).toEqual([true, true, true, true]);
      expect(urls.at(-1)?.query).toEqual({ status: 'open', page: 1, q: '1K0 6' });
    } finally {
      vi.useRealTimers();
    }
  });

  test("the router's late echo of an older URL write does not undo what was typed since (a trimmed space included)", async () => {
    const { actor, queries } = startInbox({ status: 'open', page: 1, q: '' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'filter.change', field: 'q', value: '1K0 ' });
    actor.send({ type: 'filter.change', field: 'q', value: '1K0 6' });
    // The URL holds the trimmed text: the echo of the first write is still recognised as ours.
    actor.send({ type: 'query.sync', query: { status: 'open', page: 1, q: '1K0' } });
    expect(actor.getSnapshot().context.query.q).toBe('1K0 6');
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries.at(-1)?.q).toBe('1K0 6');
  });

  test('a search text the contract refuses (too long, a control character) is not taken', async () => {
    const { actor, urls } = startInbox({ status: 'open', page: 1, q: 'Golf' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'filter.change', field: 'q', value: 'x'.repeat(SEARCH_TEXT_MAX_LENGTH + 1) });
    actor.send({ type: 'filter.change', field: 'q', value: 'Golf\u0007' });
    expect(actor.getSnapshot().context.query.q).toBe('Golf');
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(urls).toEqual([]);
  });

  test('clearing the search reloads at once, on page 1, as a new URL entry', async () => {
    const { actor, queries, urls } = startInbox({ status: 'all', page: 2, q: 'nothing like it' }, () => ({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
    }));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries.at(-1)).toEqual({ status: '', page: 1, q: '' });
    expect(urls).toEqual([{ query: { status: 'all', page: 1, q: '' }, replace: false }]);
  });

  test('search params: a too-long or control-character q, a foreign status or page fall back one by one', () => {
    expect(parseInboxSearch({})).toEqual({ status: 'open', page: 1, q: '' });
    expect(parseInboxSearch({ status: 'answered', page: 2, q: ' 1K0-615 ' })).toEqual({
      status: 'answered',
      page: 2,
      q: '1K0-615',
    });
    // The router reads `?q=4711` as a number.
    expect(parseInboxSearch({ q: 4711 })).toEqual({ status: 'open', page: 1, q: '4711' });
    expect(parseInboxSearch({ status: 'answered', q: 'x'.repeat(61) })).toEqual({ status: 'answered', page: 1, q: '' });
    expect(parseInboxSearch({ page: 2, q: 'Golf\u0000' })).toEqual({ status: 'open', page: 2, q: '' });
    expect(parseInboxSearch({ page: 2, q: 'Golf\nGTI' })).toEqual({ status: 'open', page: 2, q: '' });
    expect(parseInboxSearch({ status: 'draft', page: -1, q: ['a'] })).toEqual({ status: 'open', page: 1, q: '' });
    expect(compactListSearch(inboxSearchSchema, { status: 'open', page: 1, q: '' })).toEqual({});
    expect(compactListSearch(inboxSearchSchema, { status: 'all', page: 1, q: 'Golf' })).toEqual({
      status: 'all',
      q: 'Golf',
    });
  });
});
