import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import type { SecretSettingsContext, SecretSettingsEvent } from '../../../machines/blocks/secret-settings';

/** What the facade reads of a machine built with the secret-settings block. */
type SecretSettingsSnapshot<TDraft, TAction extends string, TSubject> = Snapshot<unknown> & {
  context: SecretSettingsContext<TDraft, TAction, TSubject>;
  matches(state: 'creating' | 'showingSecret' | 'confirming' | { creating: 'submitting' }): boolean;
  hasTag(tag: string): boolean;
};

/**
 * The part of a settings screen's facade that the secret-settings block gives (machines/blocks/
 * secret-settings.ts): the create dialog's draft, the secret shown once, the confirmation, and the
 * events that drive them. Each screen's own hook adds its list and its own intents.
 */
export function useSecretSettings<TDraft, TAction extends string, TSubject>(
  actor: ActorRef<SecretSettingsSnapshot<TDraft, TAction, TSubject>, SecretSettingsEvent<TAction, TSubject>>,
) {
  const send = actor.send;
  return {
    draft: useSelector(actor, (snapshot) => (snapshot.matches('creating') ? snapshot.context.draft : null)),
    submitting: useSelector(actor, (snapshot) => snapshot.matches({ creating: 'submitting' })),
    /** The secret just issued, while its dialog is open. */
    secret: useSelector(actor, (snapshot) =>
      snapshot.matches('showingSecret') ? (snapshot.context.revealed?.secret ?? null) : null,
    ),
    copied: useSelector(actor, (snapshot) => snapshot.context.copied),
    confirming: useSelector(actor, (snapshot) => (snapshot.matches('confirming') ? snapshot.context.confirming : null)),
    confirmBusy: useSelector(actor, (snapshot) => snapshot.matches('confirming') && snapshot.hasTag('busy')),
    openCreate: () => send({ type: 'create.open' }),
    submit: () => send({ type: 'create.submit' }),
    cancelCreate: () => send({ type: 'create.cancel' }),
    copy: () => send({ type: 'secret.copy' }),
    done: () => send({ type: 'secret.done' }),
    requestConfirm: (action: TAction, subject: TSubject) => send({ type: 'confirm.request', action, subject }),
    confirm: () => send({ type: 'confirm.accept' }),
    cancelConfirm: () => send({ type: 'confirm.cancel' }),
  };
}
