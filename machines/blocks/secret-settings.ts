import { assign } from 'xstate';
import type { MessageId } from '../../common/contracts/message-ids';
import { toRequestFailure } from '../request-failure';

/*
 * A settings list whose entries carry a secret (API keys, webhook endpoints; issue 23 §2, ADR 039):
 * a create dialog with a draft checked by the shared contract, a secret shown once after creating
 * (or rotating) and dropped when its dialog closes, and a confirmation before a change that cannot
 * be undone. Like `loadWithRetry`, a state-config factory: each machine keeps its own named
 * actors and writes their invokes (XState types `onDone` by the literal's own `src`); the block
 * gives the states, transitions and actions around them, so both screens behave alike.
 */

/** What every draft of such a dialog holds beside its fields: the contract's verdicts and the server's message. */
export type SecretSettingsDraft<TField extends string> = {
  errors: Partial<Record<TField, MessageId>>;
  failure: string | null;
};

/** What the block keeps in the machine's context. */
export type SecretSettingsContext<TDraft, TAction extends string, TSubject> = {
  draft: TDraft;
  /** A secret just issued: held only while it is shown, dropped when the dialog closes. */
  revealed: { secret: string } | null;
  copied: boolean;
  /** What waits for a confirmation, and why the last try failed. */
  confirming: { action: TAction; subject: TSubject; failure: string | null } | null;
};

/** The block's events (the machine adds its own field changes). */
export type SecretSettingsEvent<TAction extends string, TSubject> =
  | { type: 'create.open' }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'secret.copy' }
  | { type: 'secret.done' }
  | { type: 'confirm.request'; action: TAction; subject: TSubject }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

/** The answer of a request that changed something: the server's success message for the snackbar. */
export type ChangeResult = { message: string | undefined };

/** The context a fresh block starts with. */
export function secretSettingsContext<TDraft>(emptyDraft: TDraft) {
  return { draft: emptyDraft, revealed: null, copied: false, confirming: null };
}

/**
 * A draft after one of its fields changed: the contract's verdicts on the fields named are
 * cleared, and the server's message about the previous attempt no longer applies.
 */
export function changedDraft<TDraft extends SecretSettingsDraft<TField>, TField extends string>(
  draft: TDraft,
  change: Partial<TDraft>,
  cleared: readonly TField[],
): TDraft {
  const errors = { ...draft.errors };
  for (const field of cleared) delete errors[field];
  return { ...draft, ...change, errors, failure: null };
}

/**
 * An action typed by the part of the machine it reads (see load-with-retry.ts for why: XState
 * types an `assign` by the whole machine, which no block shared between machines can name).
 */
type BlockAction<TContext> = (
  args: { context: TContext; event: { type: string; output?: unknown; error?: unknown } },
  params: unknown,
) => void;

/**
 * The block's parts.
 * @param options.emptyDraft the create dialog's draft when it opens and after it closes
 * @param options.draftErrors the shared contract's verdict on a draft, per field
 * @param options.fields the draft's fields a server refusal may name (shown beside that field)
 * @param options.machineId the machine's id
 * @param options.loadingState the state that loads the list again after a change; `loading` unless named otherwise
 */
export function secretSettings<TDraft extends SecretSettingsDraft<TField>, TField extends string>(options: {
  emptyDraft: TDraft;
  draftErrors: (draft: TDraft) => TDraft['errors'];
  fields: readonly TField[];
  /** The machine's id, which the secret's state is reached by from inside the create dialog. */
  machineId: string;
  loadingState?: string;
}) {
  type Context = SecretSettingsContext<TDraft, string, unknown>;
  const typed = (action: unknown) => action as BlockAction<Context>;
  const loading = options.loadingState ?? 'loading';
  const resetDraft = typed(assign({ draft: options.emptyDraft }));

  /** The success message of a change, for the machine's named `notifySuccess` action. */
  const notifySuccess = {
    type: 'notifySuccess',
    params: ({ event }: { event: { type: string; output?: unknown } }) => ({
      message: (event.output as ChangeResult | undefined)?.message,
    }),
  } as const;

  /** Keeps the secret of the request's answer (`{ secret, … }`) for its dialog, not yet copied. */
  const reveal = typed(
    assign(({ event }: { event: { type: string; output?: unknown } }) => ({
      revealed: { secret: (event.output as { secret: string }).secret },
      copied: false,
    })),
  );

  /** A refused create: a refusal naming a field is shown beside it, anything else under the form. */
  const createFailure = typed(
    assign(({ context, event }: { context: Context; event: { type: string; error?: unknown } }) => {
      const failure = toRequestFailure(event.error);
      const field = options.fields.find((name) => name === failure.field);
      return {
        draft:
          field && failure.messageId
            ? { ...context.draft, errors: { ...context.draft.errors, [field]: failure.messageId } }
            : { ...context.draft, failure: failure.message },
      };
    }),
  );

  return {
    /** `ready`'s ways into the dialogs (spread into its `on`). */
    openers: {
      'create.open': { target: 'creating', actions: resetDraft },
      'confirm.request': {
        target: 'confirming',
        actions: typed(
          assign(({ event }: { event: { type: string; action?: string; subject?: unknown } }) => ({
            confirming: { action: event.action ?? '', subject: event.subject, failure: null },
          })),
        ),
      },
    },

    /** The create dialog's own part (spread it, then add `states: { editing, submitting }`). */
    creating: {
      initial: 'editing',
      on: { 'create.cancel': { target: 'ready', actions: resetDraft } },
    },
    /** `editing`'s submit: on with a valid draft, else the contract's verdicts shown. */
    submit: [
      {
        guard: ({ context }: { context: Context }) => Object.keys(options.draftErrors(context.draft)).length === 0,
        target: 'submitting',
        // What the server said about the previous attempt no longer applies.
        actions: typed(
          assign(({ context }: { context: Context }) => ({ draft: { ...context.draft, errors: {}, failure: null } })),
        ),
      },
      {
        actions: typed(
          assign(({ context }: { context: Context }) => ({
            draft: { ...context.draft, errors: options.draftErrors(context.draft) },
          })),
        ),
      },
    ],
    /**
     * The create dialog's `submitting` state: it invokes the machine's actor `src` (whose answer
     * carries the secret) with the request the draft stands for; done, the secret is shown (the
     * draft forgotten, the success said); refused, the dialog shows why.
     */
    submitting: <const TSrc extends string, TRequest>(src: TSrc, request: (draft: TDraft) => TRequest) => ({
      tags: ['busy'],
      invoke: {
        id: src,
        src,
        input: ({ context }: { context: Context }) => request(context.draft),
        onDone: { target: `#${options.machineId}.showingSecret`, actions: [reveal, resetDraft, notifySuccess] },
        onError: { target: 'editing', actions: createFailure },
      },
    }),
    /** The state that shows a new secret once: copying it, and closing it (the list is loaded again). */
    showingSecret: {
      description: 'A secret just issued: shown once, dropped when the dialog closes.',
      on: {
        'secret.copy': {
          actions: [
            {
              type: 'copySecret',
              params: ({ context }: { context: Context }) => ({ secret: context.revealed?.secret ?? '' }),
            } as const,
            typed(assign({ copied: true })),
          ],
        },
        'secret.done': { target: loading, actions: typed(assign({ revealed: null, copied: false })) },
      },
    },

    /** The confirmation's own part (spread it, then add `states: { asking, … }`). */
    confirming: {
      initial: 'asking',
      on: { 'confirm.cancel': { target: 'ready', actions: typed(assign({ confirming: null })) } },
    },
    /** A confirmed change that issued a new secret (a rotation): `onDone` actions, then target `showingSecret`. */
    confirmedWithSecret: [reveal, typed(assign({ confirming: null })), notifySuccess],
    /** A confirmed change done: `onDone` actions, then target the loading state. */
    confirmed: [typed(assign({ confirming: null })), notifySuccess],
    /** A confirmed change that failed: `onError` action, back to `asking` with the server's message. */
    confirmFailure: typed(
      assign(({ context, event }: { context: Context; event: { type: string; error?: unknown } }) => ({
        confirming: context.confirming
          ? { ...context.confirming, failure: toRequestFailure(event.error).message }
          : null,
      })),
    ),
  };
}
