import { and, assertEvent, assign, type EventObject, enqueueActions, fromPromise, setup } from 'xstate';
import {
  type DealerInquiry,
  firstProblem,
  type QuoteAnswer,
  type TradeEvent,
  versionedReasonSchema,
} from '../common/contracts/trading';
import { liveEventsSource } from './blocks/live-reload';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  createVersionedEditMachine,
  endedWith,
  forwardToEdit,
  type VersionedEditOutcome,
  type VersionedSubmit,
} from './blocks/versioned-edit';
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
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'inquiry.retry' });

/** The answer as sent, without the version (the versioned edit sends it with the version read). */
export type AnswerBody = Omit<QuoteAnswer, 'version'>;
/** The decline dialog's field. */
export type DeclineValues = { reason: string };
/** Sending the answer: the inquiry's id, the answer, the recipient version it was typed on. */
export type SendAnswerInput = VersionedSubmit<number, AnswerBody>;
/** Declining the inquiry: the inquiry's id, the reason, the recipient version read. */
export type DeclineInput = VersionedSubmit<number, DeclineValues>;
export type InquiryResult = { inquiry: DealerInquiry; message: string | undefined };

/** The request body of an answer: the answer with the version it was typed on. */
export function answerRequest({ values, version }: SendAnswerInput): QuoteAnswer {
  return { ...values, version };
}

/** The request body of a decline: the version read and the reason, trimmed. */
export function declineRequest({ values, version }: DeclineInput): { version: number; reason: string } {
  return { version, reason: values.reason.trim() };
}

/**
 * Sending the answer form (a versioned edit started with `send`: the page's form checked it). A
 * 409 `answerChanged` brings the colleague's answer; the inquiry closed meanwhile is a refusal the
 * page answers by reloading.
 */
export const answerEditMachine = createVersionedEditMachine<number, AnswerBody, InquiryResult, DealerInquiry>({
  id: 'answerEdit',
  // The values come from the page's form, checked there (buildAnswer) before they are sent.
  problem: () => null,
  readConflict: (error) => {
    const current = conflictingInquiry(error);
    return current ? { current, messageId: 'answerChanged' } : null;
  },
  isRefusal: isClosedRefusal,
});

/**
 * The decline dialog: a versioned edit of the reason. Any refusal that carries the inquiry shows it
 * and the dialog opens again on its version with the reason kept; every other failure keeps the
 * dialog open with the message (nothing here is answered by a reload).
 */
export const declineEditMachine = createVersionedEditMachine<number, DeclineValues, InquiryResult, DealerInquiry>({
  id: 'declineEdit',
  problem: (values, version) => firstProblem(versionedReasonSchema, { version, reason: values.reason }),
  readConflict: (error) => {
    const current = inquiryIn(error);
    return current ? { current, messageId: toRequestFailure(error).messageId ?? 'inquiryChanged' } : null;
  },
  isRefusal: () => false,
});

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
  /** The decline dialog opened again after a 409: the reason typed and why it was not saved. */
  declineAgain: { values: DeclineValues; failure: string } | null;
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
  | { type: 'trade.event'; event: TradeEvent }
  /** The live stream could not resume (ADR 045): read everything again. */
  | { type: 'trade.reload' };

export type DealerInquiryInput = { inquiryId: number; locale: string; today: string; draft: AnswerDraft | null };

const emptyValues: AnswerValues = { valid_until: '', freight: '', free_freight_from: '', lines: [] };

/** What an edit that ended `done` saved (its transition's guard says it did). */
function savedBy(output: VersionedEditOutcome<InquiryResult, DealerInquiry, unknown>): InquiryResult {
  if (output.outcome !== 'done') throw new Error(`an edit that ended ${output.outcome} saved nothing`);
  return output.result;
}

type EditEnded = { event: { output: VersionedEditOutcome<InquiryResult, DealerInquiry, unknown> } };

/** Either edit saved (the answer, the decline): the form starts over from the saved inquiry, no draft. */
const whenSaved = {
  guard: endedWith('done'),
  target: 'editing',
  actions: [
    { type: 'takeSaved' as const, params: ({ event }: EditEnded) => savedBy(event.output).inquiry },
    'clearDraft' as const,
    { type: 'notifySuccess' as const, params: ({ event }: EditEnded) => ({ message: savedBy(event.output).message }) },
  ],
};

/** The answer the form holds, as it goes out (without the version, which the edit adds). */
function answerBodyOf(context: Context): AnswerBody {
  const { version: _sentWithTheEdit, ...body } = buildAnswer(context.values, context.locale, context.baseVersion)
    .answer as QuoteAnswer;
  return body;
}

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
 * version it was typed on (the versioned edit `answer`); a 409 `answerChanged` shows the
 * colleague's answer to take or to send one's own on top of (the edit again, on its version). The
 * decline is a dialog (the versioned edit `decline`). Entries survive a reload as a draft; a live
 * event reloads the read-only parts and keeps the entries.
 */
export const dealerInquiryMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DealerInquiryEvent,
    input: {} as DealerInquiryInput,
    children: {} as { answer: 'answer'; decline: 'decline' },
  },
  guards: {
    isUnseen: ({ event }) => (event as { output?: DealerInquiry }).output?.recipient.status === 'sent',
    canAnswer: ({ context }) => context.inquiry !== null && takesAnswers(context.inquiry),
    canDecline: ({ context }) => context.inquiry !== null && takesDecline(context.inquiry),
    isValid: ({ context }) => buildAnswer(context.values, context.locale, context.baseVersion).errors.length === 0,
    isDirty: ({ context }) => context.dirty,
    conflictTakesAnswers: ({ context }) => context.conflict !== null && takesAnswers(context.conflict),
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
    /** Sending the answer; its `submit` is bound with `answerEditMachine.provide()`. */
    answer: answerEditMachine,
    /** The decline dialog; its `submit` is bound with `declineEditMachine.provide()`. */
    decline: declineEditMachine,
    liveEvents: liveEventsSource('dealerInquiryMachine'),
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
      declineAgain: null,
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
    declineAgain: null,
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
                  actions: assign({ declineAgain: null }),
                },
              },
            },
            sending: {
              tags: ['busy', 'sending'],
              invoke: {
                id: 'answer',
                src: 'answer',
                input: ({ context }) => ({
                  subject: context.inquiryId,
                  values: answerBodyOf(context),
                  version: context.baseVersion,
                  send: true,
                }),
                onDone: [
                  whenSaved,
                  {
                    guard: endedWith('conflict'),
                    target: 'conflict',
                    actions: assign({
                      conflict: ({ event }) => (event.output.outcome === 'conflict' ? event.output.current : null),
                    }),
                  },
                  {
                    // The inquiry closed (or the copy was declined) meanwhile: show what it is now.
                    guard: endedWith('refused'),
                    target: ['editing', '#dealerInquiry.ready.refresh.refreshing'],
                    actions: {
                      type: 'notifyFailure',
                      params: ({ event }) => ({
                        message: event.output.outcome === 'refused' ? event.output.message : '',
                      }),
                    },
                  },
                  {
                    target: 'editing',
                    actions: [
                      assign(({ context, event }) => {
                        if (event.output.outcome !== 'unsent') return {};
                        const { failure } = event.output;
                        const key = failure.field ? errorKeyOfServerField(failure.field, context.values) : null;
                        return key && failure.messageId
                          ? {
                              errors: { ...context.errors, [key]: failure.messageId },
                              focus: { key, seq: (context.focus?.seq ?? 0) + 1 },
                            }
                          : {};
                      }),
                      {
                        type: 'notifyFailure',
                        params: ({ event }) => ({
                          message: event.output.outcome === 'unsent' ? event.output.failure.message : '',
                        }),
                      },
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
              description:
                'The decline dialog (a versioned edit); a 409 shows the inquiry as it is now and opens it again on that.',
              on: {
                ...forwardToEdit('decline', {
                  change: 'decline.reasonChange',
                  submit: 'decline.confirm',
                  cancel: 'decline.cancel',
                  field: 'reason',
                }),
              },
              invoke: {
                id: 'decline',
                src: 'decline',
                input: ({ context }) => ({
                  subject: context.inquiryId,
                  values: context.declineAgain?.values ?? { reason: '' },
                  version: context.inquiry?.recipient.version ?? context.baseVersion,
                  failure: context.declineAgain?.failure ?? null,
                }),
                onDone: [
                  whenSaved,
                  {
                    // The page shows the inquiry as it is now; the dialog opens again on it, reason kept.
                    guard: endedWith('conflict'),
                    target: 'confirmingDecline',
                    reenter: true,
                    actions: assign(({ context, event }) =>
                      event.output.outcome === 'conflict'
                        ? {
                            inquiry: event.output.current,
                            declineAgain: { values: event.output.values, failure: event.output.message },
                          }
                        : { inquiry: context.inquiry },
                    ),
                  },
                  { target: 'editing', actions: assign({ declineAgain: null }) },
                ],
              },
            },
          },
        },
        refresh: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'trade.event': { guard: 'concernsThis', target: 'refreshing' },
                'trade.reload': { target: 'refreshing' },
              },
            },
            refreshing: {
              description: 'A live event concerned this inquiry; another one meanwhile starts the reload over.',
              on: {
                'trade.event': { guard: 'concernsThis', target: 'refreshing', reenter: true },
                'trade.reload': { target: 'refreshing', reenter: true },
              },
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
