import { and, assertEvent, assign, type EventObject, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type DealerInquiry,
  firstProblem,
  type QuoteAnswer,
  type TradeEvent,
  versionedReasonSchema,
} from '../common/contracts/trading';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  type AnswerDraft,
  type AnswerErrors,
  type AnswerValues,
  answerValuesOf,
  buildAnswer,
  changeLine,
  changeQuote,
  errorKeyOfServerField,
  type LineTextField,
  type LineToggleField,
  type QuoteField,
  retypeValues,
  toggleLine,
  valuesFitInquiry,
} from './dealer-answer-form';
import {
  conflictingInquiry,
  inquiryIn,
  isClosedRefusal,
  standsDifferently,
  takesAnswers,
  takesDecline,
} from './dealer-inquiry-standing';
import { failureNotice, toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'inquiry.retry' });

export type SendAnswerInput = { inquiryId: number; answer: QuoteAnswer };
export type DeclineInput = { inquiryId: number; version: number; reason: string };
export type InquiryResult = { inquiry: DealerInquiry; message: string | undefined };

/**
 * What changed on the screen while the person was on it: `updated` (a live event brought news, the
 * form followed because nothing was typed), `stale` (news arrived under unsent entries, which are kept).
 */
export type ChangeNotice = 'updated' | 'stale' | null;

type Context = {
  inquiryId: number;
  /** The language amounts are typed in; it follows the UI's language. */
  locale: string;
  /** Today in the portal's time zone (YYYY-MM-DD), the base of the default validity. */
  today: string;
  draft: AnswerDraft | null;
  inquiry: DealerInquiry | null;
  loadError: string | null;
  values: AnswerValues;
  /** The recipient version the entries were made on; the answer is sent with it. */
  baseVersion: number;
  /** Entries not yet sent (they are in the draft). */
  dirty: boolean;
  errors: AnswerErrors;
  /** The field to focus after a refused send; `seq` changes with each refusal. */
  focus: { key: string; seq: number } | null;
  conflict: DealerInquiry | null;
  notice: ChangeNotice;
  decline: { reason: string; error: MessageId | null; failure: string | null };
};

export type DealerInquiryEvent =
  | { type: 'inquiry.retry' }
  | { type: 'line.change'; lineId: number; field: LineTextField; value: string }
  | { type: 'line.toggle'; lineId: number; field: LineToggleField; value: boolean }
  | { type: 'quote.change'; field: QuoteField; value: string }
  | { type: 'locale.change'; locale: string }
  | { type: 'answer.send' }
  | { type: 'answer.reset' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'conflict.sendMine' }
  | { type: 'decline.open' }
  | { type: 'decline.reasonChange'; value: string }
  | { type: 'decline.cancel' }
  | { type: 'decline.confirm' }
  | { type: 'notice.dismiss' }
  | { type: 'trade.event'; event: TradeEvent };

export type DealerInquiryInput = { inquiryId: number; locale: string; today: string; draft: AnswerDraft | null };

const emptyValues: AnswerValues = { valid_until: '', freight: '', free_freight_from: '', lines: [] };
const closedDecline = { reason: '', error: null, failure: null };

const draftOf = (context: Context): AnswerDraft => ({
  inquiry_id: context.inquiryId,
  base_version: context.baseVersion,
  locale: context.locale,
  values: context.values,
});

/** The form as stored: the inquiry's answer (or empty lines), no entries, no messages. */
function freshForm(context: Context, inquiry: DealerInquiry) {
  return {
    inquiry,
    values: answerValuesOf(inquiry, context.locale, context.today),
    baseVersion: inquiry.recipient.version,
    dirty: false,
    errors: {},
    conflict: null,
  };
}

/**
 * Nothing unsent, or nothing that can still be sent: no draft to keep (after every load and save).
 * Outside `setup` because an action enqueueing another of the same machine cannot be inferred there.
 */
const dropSpentDraft = enqueueActions<
  Context,
  EventObject,
  undefined,
  DealerInquiryEvent,
  never,
  { type: 'clearDraft'; params: undefined },
  never
>(({ context, enqueue }) => {
  if (!context.dirty || !context.inquiry || !takesAnswers(context.inquiry)) enqueue('clearDraft');
});

/**
 * One inquiry on /dealer/inquiries/$inquiryId (issue 13, ADR 023): loading → (marking it seen) →
 * ready, where the answer form and live updates run side by side. The answer is sent with the
 * version it was typed on; a 409 `answerChanged` shows the colleague's answer to take or to
 * overwrite. Entries survive a reload as a draft; a live event reloads the read-only parts and
 * keeps the entries.
 */
export const dealerInquiryMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DealerInquiryEvent,
    input: {} as DealerInquiryInput,
  },
  guards: {
    isUnseen: ({ event }) => (event as { output?: DealerInquiry }).output?.recipient.status === 'sent',
    canAnswer: ({ context }) => context.inquiry !== null && takesAnswers(context.inquiry),
    canDecline: ({ context }) => context.inquiry !== null && takesDecline(context.inquiry),
    isValid: ({ context }) => buildAnswer(context.values, context.locale, context.baseVersion).errors.length === 0,
    isDirty: ({ context }) => context.dirty,
    isConflict: ({ event }) => conflictingInquiry((event as { error?: unknown }).error) !== null,
    isClosedRefusal: ({ event }) => isClosedRefusal((event as { error?: unknown }).error),
    conflictTakesAnswers: ({ context }) => context.conflict !== null && takesAnswers(context.conflict),
    declineReasonValid: ({ context }) =>
      firstProblem(versionedReasonSchema, { version: 0, reason: context.decline.reason }) === null,
    concernsThis: ({ context, event }) => {
      assertEvent(event, 'trade.event');
      return event.event.inquiry_id === context.inquiryId;
    },
  },
  actors: {
    loadInquiry: fromPromise<DealerInquiry, number>(async () => {
      throw new Error('loadInquiry actor not implemented: provide it with dealerInquiryMachine.provide()');
    }),
    markSeen: fromPromise<DealerInquiry, number>(async () => {
      throw new Error('markSeen actor not implemented: provide it with dealerInquiryMachine.provide()');
    }),
    sendAnswer: fromPromise<InquiryResult, SendAnswerInput>(async () => {
      throw new Error('sendAnswer actor not implemented: provide it with dealerInquiryMachine.provide()');
    }),
    declineInquiry: fromPromise<InquiryResult, DeclineInput>(async () => {
      throw new Error('declineInquiry actor not implemented: provide it with dealerInquiryMachine.provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with dealerInquiryMachine.provide()');
    }),
  },
  actions: {
    saveDraft: (_, _draft: AnswerDraft) => {},
    clearDraft: () => {},
    /** Nothing unsent, or nothing that can still be sent: no draft to keep (after every load and save). */
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    /** The loaded inquiry, with the unsent draft on top when it belongs to it and it still takes answers. */
    takeLoaded: assign(({ context }, inquiry: DealerInquiry) => {
      const draft = context.draft;
      if (
        draft &&
        draft.inquiry_id === inquiry.id &&
        takesAnswers(inquiry) &&
        valuesFitInquiry(draft.values, inquiry)
      ) {
        return {
          inquiry,
          values: retypeValues(draft.values, draft.locale, context.locale),
          baseVersion: draft.base_version,
          dirty: true,
          draft: null,
          loadError: null,
          notice: draft.base_version === inquiry.recipient.version ? null : ('stale' as const),
        };
      }
      return { ...freshForm(context, inquiry), draft: null, loadError: null };
    }),
    /** Marking seen changes the status only: entries made on the version before stay on the new one. */
    takeMarked: assign(({ context }, inquiry: DealerInquiry) => ({
      inquiry,
      baseVersion:
        context.baseVersion === context.inquiry?.recipient.version ? inquiry.recipient.version : context.baseVersion,
    })),
    /** A live update: the read-only parts follow; unsent entries stay, and the screen says what changed. */
    takeRefreshed: assign(({ context }, inquiry: DealerInquiry) => {
      // The echo of this page's own step (marking seen, saving) is no news: nothing to say.
      if (!context.dirty) {
        const news = context.inquiry === null || standsDifferently(context.inquiry, inquiry);
        return { ...freshForm(context, inquiry), notice: news ? ('updated' as const) : context.notice };
      }
      const unchanged = inquiry.recipient.version === context.baseVersion && takesAnswers(inquiry);
      return { inquiry, notice: unchanged ? null : ('stale' as const) };
    }),
    takeSaved: assign(({ context }, inquiry: DealerInquiry) => ({
      ...freshForm(context, inquiry),
      notice: null,
      decline: closedDecline,
    })),
    showErrors: assign(({ context }) => {
      const { errors } = buildAnswer(context.values, context.locale, context.baseVersion);
      const first = errors[0];
      return {
        errors: Object.fromEntries(errors),
        focus: first ? { key: first[0], seq: (context.focus?.seq ?? 0) + 1 } : context.focus,
      };
    }),
  },
}).createMachine({
  id: 'dealerInquiry',
  context: ({ input }) => ({
    inquiryId: input.inquiryId,
    locale: input.locale,
    today: input.today,
    draft: input.draft,
    inquiry: null,
    loadError: null,
    values: emptyValues,
    baseVersion: 0,
    dirty: false,
    errors: {},
    focus: null,
    conflict: null,
    notice: null,
    decline: closedDecline,
  }),
  on: {
    // The language may change on any screen state; typed amounts follow it.
    'locale.change': {
      actions: [
        assign(({ context, event }) => ({
          values: retypeValues(context.values, context.locale, event.locale),
          locale: event.locale,
        })),
        enqueueActions(({ context, enqueue }) => {
          if (context.dirty) enqueue({ type: 'saveDraft', params: draftOf(context) });
        }),
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadInquiry',
        src: 'loadInquiry',
        input: ({ context }) => context.inquiryId,
        onDone: [
          {
            guard: 'isUnseen',
            target: 'markingSeen',
            actions: [{ type: 'takeLoaded', params: ({ event }) => event.output }, dropSpentDraft],
          },
          {
            target: 'ready',
            actions: [{ type: 'takeLoaded', params: ({ event }) => event.output }, dropSpentDraft],
          },
        ],
        onError: load.failure,
      },
    },
    markingSeen: {
      description: 'Opened for the first time by anyone at this dealer: POST …/seen tells the workshop it was read.',
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => context.inquiryId,
        onDone: { target: 'ready', actions: { type: 'takeMarked', params: ({ event }) => event.output } },
        // Not being marked seen does not keep anyone from answering; the next open tries again.
        onError: { target: 'ready' },
      },
    },
    failed: load.failed,
    ready: {
      type: 'parallel',
      invoke: { id: 'liveEvents', src: 'liveEvents' },
      on: {
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'line.change': {
                  guard: 'canAnswer',
                  actions: [
                    assign(({ context, event }) => ({
                      ...changeLine(context, event.lineId, event.field, event.value),
                      dirty: true,
                    })),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'line.toggle': {
                  guard: 'canAnswer',
                  actions: [
                    assign(({ context, event }) => ({
                      ...toggleLine(context, event.lineId, event.field, event.value),
                      dirty: true,
                    })),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'quote.change': {
                  guard: 'canAnswer',
                  actions: [
                    assign(({ context, event }) => ({
                      ...changeQuote(context, event.field, event.value),
                      dirty: true,
                    })),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'answer.send': [
                  { guard: and(['canAnswer', 'isValid']), target: 'sending', actions: assign({ errors: {} }) },
                  { guard: 'canAnswer', actions: 'showErrors' },
                ],
                'answer.reset': {
                  guard: 'isDirty',
                  actions: [
                    assign(({ context }) =>
                      context.inquiry ? { ...freshForm(context, context.inquiry), notice: null } : {},
                    ),
                    'clearDraft',
                  ],
                },
                'decline.open': {
                  guard: 'canDecline',
                  target: 'confirmingDecline',
                  actions: assign({ decline: closedDecline }),
                },
              },
            },
            sending: {
              tags: ['busy', 'sending'],
              invoke: {
                id: 'sendAnswer',
                src: 'sendAnswer',
                input: ({ context }) => ({
                  inquiryId: context.inquiryId,
                  answer: buildAnswer(context.values, context.locale, context.baseVersion).answer as QuoteAnswer,
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'takeSaved', params: ({ event }) => event.output.inquiry },
                    'clearDraft',
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: [
                  {
                    guard: 'isConflict',
                    target: 'conflict',
                    actions: assign({ conflict: ({ event }) => conflictingInquiry(event.error) }),
                  },
                  {
                    // The inquiry closed (or the copy was declined) meanwhile: show what it is now.
                    guard: 'isClosedRefusal',
                    target: ['editing', '#dealerInquiry.ready.refresh.refreshing'],
                    actions: { type: 'notifyFailure', params: failureNotice },
                  },
                  {
                    target: 'editing',
                    actions: [
                      assign(({ context, event }) => {
                        const failure = toRequestFailure(event.error);
                        const key = failure.field ? errorKeyOfServerField(failure.field, context.values) : null;
                        return key && failure.messageId
                          ? {
                              errors: { ...context.errors, [key]: failure.messageId },
                              focus: { key, seq: (context.focus?.seq ?? 0) + 1 },
                            }
                          : {};
                      }),
                      { type: 'notifyFailure', params: failureNotice },
                    ],
                  },
                ],
              },
            },
            conflict: {
              tags: ['conflict'],
              description:
                "A colleague answered meanwhile: take the colleague's answer, or send one's own on top of it.",
              on: {
                'conflict.takeTheirs': {
                  target: 'editing',
                  actions: [
                    assign(({ context }) => ({
                      ...freshForm(context, context.conflict as DealerInquiry),
                      notice: null,
                    })),
                    'clearDraft',
                  ],
                },
                'conflict.sendMine': {
                  guard: 'conflictTakesAnswers',
                  target: 'sending',
                  actions: assign(({ context }) => {
                    const theirs = context.conflict as DealerInquiry;
                    return { inquiry: theirs, baseVersion: theirs.recipient.version, conflict: null };
                  }),
                },
              },
            },
            confirmingDecline: {
              on: {
                'decline.reasonChange': {
                  actions: assign(({ context, event }) => ({
                    decline: { ...context.decline, reason: event.value, error: null },
                  })),
                },
                'decline.cancel': { target: 'editing', actions: assign({ decline: closedDecline }) },
                'decline.confirm': [
                  { guard: 'declineReasonValid', target: 'declining' },
                  {
                    actions: assign(({ context }) => ({
                      decline: {
                        ...context.decline,
                        error: firstProblem(versionedReasonSchema, { version: 0, reason: context.decline.reason }),
                      },
                    })),
                  },
                ],
              },
            },
            declining: {
              tags: ['busy', 'declining'],
              invoke: {
                id: 'declineInquiry',
                src: 'declineInquiry',
                input: ({ context }) => ({
                  inquiryId: context.inquiryId,
                  version: context.inquiry?.recipient.version ?? context.baseVersion,
                  reason: context.decline.reason.trim(),
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'takeSaved', params: ({ event }) => event.output.inquiry },
                    'clearDraft',
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: {
                  target: 'confirmingDecline',
                  actions: assign(({ context, event }) => {
                    const current = inquiryIn(event.error);
                    return {
                      // A 409 carries the inquiry as it is now: the page shows it before a second try.
                      inquiry: current ?? context.inquiry,
                      decline: { ...context.decline, failure: toRequestFailure(event.error).message },
                    };
                  }),
                },
              },
            },
          },
        },
        refresh: {
          initial: 'idle',
          states: {
            idle: { on: { 'trade.event': { guard: 'concernsThis', target: 'refreshing' } } },
            refreshing: {
              description: 'A live event concerned this inquiry; another one meanwhile starts the reload over.',
              on: { 'trade.event': { guard: 'concernsThis', target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshInquiry',
                src: 'loadInquiry',
                input: ({ context }) => context.inquiryId,
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'takeRefreshed', params: ({ event }) => event.output }, dropSpentDraft],
                },
                // A failed refresh leaves the page as it was; the next event tries again.
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
  },
});
