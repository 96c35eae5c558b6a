import { setup } from 'xstate';

export type RecipientLifecycleEvent =
  | { type: 'recipient.open' }
  | { type: 'recipient.answer' }
  | { type: 'recipient.decline' }
  | { type: 'recipient.expire' };

/**
 * One dealer's copy of an inquiry: sent → seen when a dealer user opens it → answered (a quote,
 * which it may revise while the inquiry takes answers) or declined; a copy still unanswered when
 * the inquiry closes expires.
 */
export const inquiryRecipientLifecycleMachine = setup({
  types: { events: {} as RecipientLifecycleEvent },
}).createMachine({
  id: 'inquiryRecipientLifecycle',
  initial: 'sent',
  states: {
    sent: {
      on: {
        'recipient.open': 'seen',
        'recipient.answer': 'answered',
        'recipient.decline': 'declined',
        'recipient.expire': 'expired',
      },
    },
    seen: {
      on: { 'recipient.answer': 'answered', 'recipient.decline': 'declined', 'recipient.expire': 'expired' },
    },
    answered: {
      description:
        'Quoted; a newer answer replaces it (with the version it read), or the dealer withdraws by declining.',
      on: { 'recipient.answer': 'answered', 'recipient.decline': 'declined' },
    },
    declined: { type: 'final' },
    expired: { type: 'final' },
  },
});
