import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { MessageId } from '../../common/contracts/message-ids';
import { type RequestFailure, toRequestFailure } from '../request-failure';

/**
 * What a versioned edit starts from: what it changes, the form's first values, the version read.
 * `send`: the values were typed and checked elsewhere (a page's own form, or one's own values sent
 * on top of the state a conflict brought): the edit starts by sending them and ends however that
 * ends. `failure`: why the last try failed, shown until the next one (a dialog opened again after a
 * conflict, on the current version).
 */
export type VersionedEditInput<TSubject, TValues> = {
  subject: TSubject;
  values: TValues;
  version: number;
  send?: boolean;
  failure?: string | null;
};

/** What the submit actor is given: the subject, the values and the version the person saw. */
export type VersionedSubmit<TSubject, TValues> = { subject: TSubject; values: TValues; version: number };

/** A 409 that carries the current state (someone changed it first), as `readConflict` reads it. */
export type VersionConflict<TCurrent> = { current: TCurrent; messageId: MessageId };

/**
 * How the edit ended, the child's output, which the parent reads in its `onDone`:
 * `done` with the submit's answer; `conflict` with the current state from the 409 (the parent
 * shows it and says why nothing was saved) and the values that were not saved (to send them on top
 * of it: invoke the edit again with `send` and the current version); `refused` without it (the
 * parent reloads and says why); `unsent`, only for an edit started with `send`, when sending failed
 * (the parent keeps its form and says why); `cancelled` by the person.
 */
export type VersionedEditOutcome<TResult, TCurrent, TValues = unknown> =
  | { outcome: 'done'; result: TResult }
  | { outcome: 'conflict'; current: TCurrent; messageId: MessageId; message: string; values: TValues }
  | { outcome: 'refused'; messageId: MessageId | null; message: string }
  | { outcome: 'unsent'; failure: RequestFailure }
  | { outcome: 'cancelled' };

/** The fields of the values that a text input changes (a non-flat value, a list of lines, is set by the parent). */
export type TextFieldOf<TValues> = {
  [TField in keyof TValues]: TValues[TField] extends string ? TField : never;
}[keyof TValues] &
  string;

export type VersionedEditEvent<TValues> =
  | { type: 'edit.change'; field: TextFieldOf<TValues>; value: string }
  | { type: 'edit.submit' }
  | { type: 'edit.cancel' };

export type VersionedEditContext<TSubject, TValues, TResult, TCurrent> = VersionedSubmit<TSubject, TValues> & {
  /** Started by sending values checked elsewhere: a failure to send ends the edit (`unsent`). */
  send: boolean;
  /** What is wrong with the values by the contract, once submitting was tried. */
  error: MessageId | null;
  /** A failure to send (no connection, server error): the dialog stays open to try again. */
  failure: string | null;
  /** How it ended, once it has (the machine's output). */
  outcome: VersionedEditOutcome<TResult, TCurrent, TValues> | null;
};

/**
 * The dialog with a versioned submit (issue 23 §2, ADR 039) as a child actor: open → editing →
 * submitting → done | conflict (with the current state) | refused | cancelled, and a failure to
 * send → failed, where the values stay and the person tries again. The parent invokes it when
 * the dialog opens, forwards the dialog's events to it, and reads the outcome in `onDone`.
 *
 * A page's own form (values typed and checked in the parent) starts the edit with `send`: it goes
 * out at once and every ending is an outcome, a failure to send too (`unsent`). After a conflict the
 * parent may send the same values on top of the current state: it shows the conflict's `current`,
 * then invokes the edit again with `send` (or, for a dialog, opens it again with the values and the
 * `failure`) on the current version.
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
export function createVersionedEditMachine<TSubject, TValues extends object, TResult, TCurrent>(options: {
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
      output: {} as VersionedEditOutcome<TResult, TCurrent, TValues>,
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
      startsBySending: ({ context }) => context.send,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      subject: input.subject,
      values: input.values,
      version: input.version,
      send: input.send ?? false,
      error: null,
      failure: input.failure ?? null,
      outcome: null,
    }),
    initial: 'opening',
    states: {
      opening: {
        description: 'Values checked elsewhere go out at once; a dialog waits for the person.',
        always: [{ guard: 'startsBySending', target: 'submitting' }, { target: 'editing' }],
      },
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
                  const { message } = toRequestFailure(event.error);
                  return conflict
                    ? { outcome: 'conflict' as const, ...conflict, message, values: context.values }
                    : context.outcome;
                },
              }),
            },
            {
              guard: 'isRefusal',
              target: 'refused',
              actions: assign({
                outcome: ({ event }) => {
                  const { messageId, message } = toRequestFailure(event.error);
                  return { outcome: 'refused' as const, messageId, message };
                },
              }),
            },
            {
              guard: 'startsBySending',
              target: 'unsent',
              actions: assign({
                outcome: ({ event }) => ({ outcome: 'unsent' as const, failure: toRequestFailure(event.error) }),
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
      unsent: {
        type: 'final',
        description: 'Values sent from elsewhere did not go out: the parent keeps them and says why.',
      },
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
  return ({ event }: { event: { output: VersionedEditOutcome<unknown, unknown, unknown> } }) =>
    event.output.outcome === outcome;
}

/** An action typed by what it reads (see load-with-retry.ts: no shared block can name a machine's own actor). */
type ForwardAction = (args: { event: { type: string } }, params: unknown) => void;

/**
 * The parent's transitions that forward an open dialog's events to its versioned-edit child
 * `childId` (invoked under that id): `change` (with the event's `field`, or the one `field` named
 * here, and its `value`) becomes `edit.change`, `submit` `edit.submit`, `cancel` `edit.cancel`.
 * Spread it into the dialog state's `on`.
 */
export function forwardToEdit<const TChange extends string, const TSubmit extends string, const TCancel extends string>(
  childId: string,
  events: { change: TChange; submit: TSubmit; cancel: TCancel; field?: string },
) {
  const forward = (action: unknown) => ({ actions: action as ForwardAction });
  return {
    [events.change]: forward(
      sendTo(childId, ({ event }: { event: { field?: string; value?: string } }) => ({
        type: 'edit.change',
        field: events.field ?? event.field,
        value: event.value,
      })),
    ),
    [events.submit]: forward(sendTo(childId, { type: 'edit.submit' })),
    [events.cancel]: forward(sendTo(childId, { type: 'edit.cancel' })),
  } as Record<TChange | TSubmit | TCancel, ReturnType<typeof forward>>;
}
