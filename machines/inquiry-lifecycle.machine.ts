import { setup } from 'xstate';

export type InquiryLifecycleEvent =
  | { type: 'inquiry.send' }
  | { type: 'quote.received' }
  | { type: 'inquiry.close' }
  | { type: 'inquiry.order' }
  | { type: 'inquiry.cancel' };

/**
 * An inquiry (trading design, "The trade loop"): the workshop's draft is sent to its dealers; the
 * first answer makes it quoted; at its closing time the server's sweeper closes it;
 * ordering from the quotes ends it, and so does cancelling. Answers are taken while it is sent or
 * quoted only, so a dealer cannot quote on a closed, ordered or cancelled inquiry.
 */
export const inquiryLifecycleMachine = setup({
  types: { events: {} as InquiryLifecycleEvent },
}).createMachine({
  id: 'inquiryLifecycle',
  initial: 'draft',
  states: {
    draft: {
      description: 'Being written by the workshop; kept in its browser until sent.',
      on: { 'inquiry.send': 'sent' },
    },
    sent: {
      description: 'Waiting for the dealers; nothing answered yet.',
      on: { 'quote.received': 'quoted', 'inquiry.close': 'closed', 'inquiry.cancel': 'cancelled' },
    },
    quoted: {
      description: 'At least one dealer answered; more may until the closing time. The workshop may order already.',
      on: {
        'quote.received': 'quoted',
        'inquiry.close': 'closed',
        'inquiry.order': 'ordered',
        'inquiry.cancel': 'cancelled',
      },
    },
    closed: {
      description: 'Past its closing time: no more answers; the workshop orders from what it has, or cancels.',
      on: { 'inquiry.order': 'ordered', 'inquiry.cancel': 'cancelled' },
    },
    ordered: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
