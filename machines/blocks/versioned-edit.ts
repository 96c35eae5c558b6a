import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/contracts/message-ids';
import { toRequestFailure } from '../request-failure';

/** What a versioned edit starts from: what it changes, the form's first values, the version read. */
export type VersionedEditInput<TSubject, TValues> = { subject: TSubject; values: TValues; version: number };

/** What the submit actor is given: the subject, the values and the version the person saw. */
export type VersionedSubmit<TSubject, TValues> = VersionedEditInput<TSubject, TValues>;

/** A 409 that carries the current state (someone changed it first), as `readConflict` reads it. */
export type VersionConflict<TCurrent> = { current: TCurrent; messageId: MessageId };

/**
 * How the edit ended, the child's output, which the parent reads in its `onDone`:
 * `done` with the submit's answer; `conflict` with the current state from the 409 (the parent
 * shows it and says why nothing was saved); `refused` without it (the parent reloads and says
 * why); `cancelled` by the person.
 */
export type VersionedEditOutcome<TResult, TCurrent> =
  | { outcome: 'done'; result: TResult }
  | { outcome: 'conflict'; current: TCurrent; messageId: MessageId }
  | { outcome: 'refused'; messageId: MessageId | null }
  | { outcome: 'cancelled' };

export type VersionedEditEvent<TValues> =
  | { type: 'edit.change'; field: keyof TValues & string; value: string }
  | { type: 'edit.submit' }
  | { type: 'edit.cancel' };

export type VersionedEditContext<TSubject, TValues, TResult, TCurrent> = VersionedEditInput<TSubject, TValues> & {
  /** What is wrong with the values by the contract, once submitting was tried. */
  error: MessageId | null;
  /** A failure to send (no connection, server error): the dialog stays open to try again. */
  failure: string | null;
  /** How it ended, once it has (the machine's output). */
  outcome: VersionedEditOutcome<TResult, TCurrent> | null;
};

/**
 * The dialog with a versioned submit (issue 23 §2, ADR 039) as a child actor: open → editing →
 * submitting → done | conflict (with the current state) | refused | cancelled, and a failure to
 * send → failed, where the values stay and the person tries again. The parent invokes it when
 * the dialog opens, forwards the dialog's events to it, and reads the outcome in `onDone`.
 *
 * The submit is the child's named actor `submit`: the parent's implementations bind it with
 * `edit.provide({ actors: { submit: fromPromise(…) } })` under the name the parent invokes.
 *
 * @param options.id the machine's id (also its diagram's name)
 * @param options.problem the contract's rule: the first problem of the values at that version (for
 *   that subject, where the rule depends on it), or null
 * @param options.readConflict reads the current state out of a 409, null when the refusal has none
 * @param options.isRefusal a refusal without the current state that the parent answers by reloading
 */
export function createVersionedEditMachine<
  TSubject,
  TValues extends Record<string, string>,
  TResult,
  TCurrent,
>(options: {
  id: string;
  problem: (values: TValues, version: number, subject: TSubject) => MessageId | null;
  readConflict: (error: unknown) => VersionConflict<TCurrent> | null;
  isRefusal: (error: unknown) => boolean;
}) {
  return setup({
    types: {
      context: {} as VersionedEditContext<TSubject, TValues, TResult, TCurrent>,
      events: {} as VersionedEditEvent<TValues>,
      input: {} as VersionedEditInput<TSubject, TValues>,
      output: {} as VersionedEditOutcome<TResult, TCurrent>,
    },
    actors: {
      submit: fromPromise<TResult, VersionedSubmit<TSubject, TValues>>(async () => {
        throw new Error(`submit actor of ${options.id} not implemented: provide it with .provide()`);
      }),
    },
    actions: {
      change: assign(({ context, event }) =>
        event.type === 'edit.change' ? { values: { ...context.values, [event.field]: event.value }, error: null } : {},
      ),
      showProblem: assign({
        error: ({ context }) => options.problem(context.values, context.version, context.subject),
      }),
      cancel: assign({ outcome: { outcome: 'cancelled' } }),
    },
    guards: {
      isValid: ({ context }) => options.problem(context.values, context.version, context.subject) === null,
      isConflict: ({ event }) => 'error' in event && options.readConflict(event.error) !== null,
      isRefusal: ({ event }) => 'error' in event && options.isRefusal(event.error),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ ...input, error: null, failure: null, outcome: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'edit.change': { actions: 'change' },
          'edit.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showProblem' }],
          'edit.cancel': { target: 'cancelled', actions: 'cancel' },
        },
      },
      submitting: {
        description: 'The values go with the version read; the dialog cannot be closed meanwhile.',
        tags: ['busy'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ subject: context.subject, values: context.values, version: context.version }),
          onDone: {
            target: 'done',
            actions: assign({ outcome: ({ event }) => ({ outcome: 'done' as const, result: event.output }) }),
          },
          onError: [
            {
              guard: 'isConflict',
              target: 'conflict',
              actions: assign({
                outcome: ({ context, event }) => {
                  const conflict = options.readConflict(event.error);
                  return conflict ? { outcome: 'conflict' as const, ...conflict } : context.outcome;
                },
              }),
            },
            {
              guard: 'isRefusal',
              target: 'refused',
              actions: assign({
                outcome: ({ event }) => ({
                  outcome: 'refused' as const,
                  messageId: toRequestFailure(event.error).messageId,
                }),
              }),
            },
            { target: 'failed', actions: assign({ failure: ({ event }) => toRequestFailure(event.error).message }) },
          ],
        },
      },
      failed: {
        description:
          'Sending failed (no connection, a server error): the values and the message stay; trying again works.',
        on: {
          'edit.change': { target: 'editing', actions: 'change' },
          'edit.submit': [
            { guard: 'isValid', target: 'submitting' },
            { target: 'editing', actions: 'showProblem' },
          ],
          'edit.cancel': { target: 'cancelled', actions: 'cancel' },
        },
      },
      done: { type: 'final' },
      conflict: { type: 'final', description: 'A 409 with the current state: the parent shows it and says why.' },
      refused: { type: 'final', description: 'Refused without the current state: the parent reloads and says why.' },
      cancelled: { type: 'final' },
    },
    output: ({ context }) => context.outcome ?? { outcome: 'cancelled' },
  });
}

/**
 * The parent's guard on how the edit ended, for its `onDone`: `guard: endedWith('refused')`.
 * @param outcome the outcome the transition is for
 */
export function endedWith(outcome: VersionedEditOutcome<unknown, unknown>['outcome']) {
  return ({ event }: { event: { output: VersionedEditOutcome<unknown, unknown> } }) => event.output.outcome === outcome;
}
