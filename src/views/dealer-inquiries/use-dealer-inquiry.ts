import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AnswerDraft, LineTextField, LineToggleField, QuoteField } from '../../../machines/dealer-answer-form';
import {
  answerEditMachine,
  answerRequest,
  dealerInquiryMachine,
  declineEditMachine,
  declineRequest,
} from '../../../machines/dealer-inquiry.machine';
import { takesAnswers, takesDecline } from '../../../machines/dealer-inquiry-standing';
import type { DealerInquiriesApi } from '../../api/dealer-inquiries-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { notify } from '../notifications/notify';
import { clearAnswerDraft, writeAnswerDraft } from './answer-draft';

export type DealerInquiryImplementations = Parameters<typeof dealerInquiryMachine.provide>[0];

/** One inquiry on the part-dealer service; the draft in `storage` under the user and the inquiry. */
export function createDealerInquiryImplementations(deps: {
  api: Pick<DealerInquiriesApi, 'get' | 'markSeen' | 'answer' | 'decline'>;
  live: LiveEventSource;
  storage: Storage;
  userId: number;
  inquiryId: number;
}): DealerInquiryImplementations {
  return {
    actors: {
      loadInquiry: fromPromise(({ input }) => deps.api.get(input)),
      markSeen: fromPromise(({ input }) => deps.api.markSeen(input)),
      answer: answerEditMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => deps.api.answer(input.subject, answerRequest(input))),
        },
      }),
      decline: declineEditMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => deps.api.decline(input.subject, declineRequest(input))),
        },
      }),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: {
      saveDraft: (_, draft) => writeAnswerDraft(deps.storage, deps.userId, draft),
      clearDraft: () => clearAnswerDraft(deps.storage, deps.userId, deps.inquiryId),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useDealerInquiry(
  implementations: DealerInquiryImplementations,
  input: { inquiryId: number; today: string; draft: AnswerDraft | null },
) {
  const { i18n } = useLingui();
  const [machine] = useState(() => dealerInquiryMachine.provide(implementations));
  const actor = useActorRef(machine, { input: { ...input, locale: i18n.locale }, ...inspectionOptions() });
  // A language switch re-reads typed amounts in the new language instead of losing them.
  useEffect(() => actor.send({ type: 'locale.change', locale: i18n.locale }), [actor, i18n.locale]);
  const inquiry = useSelector(actor, (snapshot) => snapshot.context.inquiry);
  const declineActor = useSelector(actor, (snapshot) => snapshot.children.decline);
  const declineDialog = useSelector(declineActor, (snapshot) => snapshot);
  return {
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('markingSeen')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    inquiry,
    /** The lifecycles' verdict (recipient.answer and quote.received): whether the form is offered. */
    answerable: inquiry !== null && takesAnswers(inquiry),
    declinable: inquiry !== null && takesDecline(inquiry),
    values: useSelector(actor, (snapshot) => snapshot.context.values),
    errors: useSelector(actor, (snapshot) => snapshot.context.errors),
    focus: useSelector(actor, (snapshot) => snapshot.context.focus),
    dirty: useSelector(actor, (snapshot) => snapshot.context.dirty),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    sending: useSelector(actor, (snapshot) => snapshot.hasTag('sending')),
    canSend: useSelector(actor, (snapshot) => snapshot.can({ type: 'answer.send' })),
    canReset: useSelector(actor, (snapshot) => snapshot.can({ type: 'answer.reset' })),
    canOpenDecline: useSelector(actor, (snapshot) => snapshot.can({ type: 'decline.open' })),
    conflict: useSelector(actor, (snapshot) => (snapshot.hasTag('conflict') ? snapshot.context.conflict : null)),
    canSendMine: useSelector(actor, (snapshot) => snapshot.can({ type: 'conflict.sendMine' })),
    declineOpen: declineDialog !== undefined && declineDialog.status === 'active',
    declining: declineDialog?.hasTag('busy') ?? false,
    /** The open decline dialog: the reason typed, what is wrong with it, why the last try failed. */
    decline: {
      reason: declineDialog?.context.values.reason ?? '',
      error: declineDialog?.context.error ?? null,
      failure: declineDialog?.context.failure ?? null,
    },
    retry: () => actor.send({ type: 'inquiry.retry' }),
    changeLine: (lineId: number, field: LineTextField, value: string) =>
      actor.send({ type: 'line.change', lineId, field, value }),
    toggleLine: (lineId: number, field: LineToggleField, value: boolean) =>
      actor.send({ type: 'line.toggle', lineId, field, value }),
    changeQuote: (field: QuoteField, value: string) => actor.send({ type: 'quote.change', field, value }),
    send: () => actor.send({ type: 'answer.send' }),
    reset: () => actor.send({ type: 'answer.reset' }),
    takeTheirs: () => actor.send({ type: 'conflict.takeTheirs' }),
    sendMine: () => actor.send({ type: 'conflict.sendMine' }),
    openDecline: () => actor.send({ type: 'decline.open' }),
    changeDeclineReason: (value: string) => actor.send({ type: 'decline.reasonChange', value }),
    cancelDecline: () => actor.send({ type: 'decline.cancel' }),
    confirmDecline: () => actor.send({ type: 'decline.confirm' }),
    dismissNotice: () => actor.send({ type: 'notice.dismiss' }),
  };
}

/** The dealer inquiry page's facade, as its parts read it. */
export type DealerInquiryFacade = ReturnType<typeof useDealerInquiry>;
