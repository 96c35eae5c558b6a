import * as v from 'valibot';
import { type DealerInquiry, dealerInquirySchema } from '../common/contracts/trading';
import { inquiryLifecycleMachine } from './inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from './inquiry-recipient-lifecycle.machine';
import { lifecycleAllows } from './lifecycle';
import { toRequestFailure } from './request-failure';

/**
 * How one inquiry stands for the dealer reading it (issue 13, ADR 023), as pure rules: whether it
 * takes an answer or a decline now, how the screen names its state, and what a refusal carries.
 */

/**
 * Whether this dealer may answer (or revise its answer) now: its copy takes `recipient.answer` and
 * the inquiry takes `quote.received` (ADR 023: the two lifecycles compose).
 */
export function takesAnswers(inquiry: DealerInquiry) {
  return (
    lifecycleAllows(inquiryRecipientLifecycleMachine, inquiry.recipient.status, { type: 'recipient.answer' }) &&
    lifecycleAllows(inquiryLifecycleMachine, inquiry.inquiry_status, { type: 'quote.received' })
  );
}

/** Whether this dealer may decline the whole inquiry now (the same composition with `recipient.decline`). */
export function takesDecline(inquiry: DealerInquiry) {
  return (
    lifecycleAllows(inquiryRecipientLifecycleMachine, inquiry.recipient.status, { type: 'recipient.decline' }) &&
    lifecycleAllows(inquiryLifecycleMachine, inquiry.inquiry_status, { type: 'quote.received' })
  );
}

/** How the inquiry stands for this dealer, in the words the screen reads it in. */
export type InquiryStanding =
  | 'open'
  | 'answered'
  | 'declined'
  | 'expired'
  | 'closed'
  | 'orderedFromYou'
  | 'orderedElsewhere'
  | 'cancelled';

export function inquiryStanding(inquiry: DealerInquiry): InquiryStanding {
  if (inquiry.order_id !== null) return 'orderedFromYou';
  if (inquiry.recipient.status === 'declined') return 'declined';
  if (inquiry.inquiry_status === 'cancelled') return 'cancelled';
  if (inquiry.inquiry_status === 'ordered') return 'orderedElsewhere';
  if (inquiry.recipient.status === 'expired') return 'expired';
  if (!takesAnswers(inquiry)) return 'closed';
  return inquiry.recipient.status === 'answered' ? 'answered' : 'open';
}

/** Whether a reloaded inquiry differs from the one on screen in what the dealer reads of it. */
export function standsDifferently(shown: DealerInquiry, fresh: DealerInquiry) {
  return (
    shown.inquiry_status !== fresh.inquiry_status ||
    shown.order_id !== fresh.order_id ||
    shown.recipient.status !== fresh.recipient.status ||
    shown.recipient.version !== fresh.recipient.version
  );
}

/** The current inquiry a refusal carries (a 409 brings it along), or null. */
export function inquiryIn(error: unknown): DealerInquiry | null {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : null;
  const parsed = v.safeParse(dealerInquirySchema, data);
  return parsed.success ? parsed.output : null;
}

/** A refusal that carries the current inquiry: a colleague answered first (409 `answerChanged`). */
export function conflictingInquiry(error: unknown): DealerInquiry | null {
  if (toRequestFailure(error).messageId !== 'answerChanged') return null;
  return inquiryIn(error);
}

/** A refusal because the inquiry closed (or the copy was declined) meanwhile: the screen reloads. */
export function isClosedRefusal(error: unknown) {
  const id = toRequestFailure(error).messageId;
  return id === 'inquiryClosed' || id === 'actionNotAllowed';
}
