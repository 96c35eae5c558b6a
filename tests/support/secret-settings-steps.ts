import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SecretSettingsContext } from '../../machines/blocks/secret-settings';
import type { Step } from './path-replay';

/*
 * The path tests' steps and checks for the secret-settings block (machines/blocks/
 * secret-settings.ts), shared by the screens built with it (API keys, webhooks): how a person
 * sends the block's events on the screen, and what the screen shows in the block's states.
 */

/** What a screen calls the block's parts. */
export type SecretSettingsScreen<TAction extends string, TSubject> = {
  /** The button that opens the create dialog, the dialog's name and its submit button. */
  add: string;
  createDialog: string;
  submit: string;
  /** The secret dialog's name, its copy button, the secret field's test id and the secret issued. */
  secretDialog: string;
  copy: string;
  secretTestId: string;
  secret: string;
  /** The button on a row that asks for a confirmation, the confirmation's dialog and its button. */
  request: (action: TAction, subject: TSubject) => string;
  confirmDialog: (action: TAction, subject: TSubject) => string;
  confirmButton: (action: TAction) => string;
};

type BlockStep<TAction extends string, TSubject> = Step<{ action?: TAction; subject?: TSubject }>;
type BlockState<TDraft, TAction extends string, TSubject> = {
  context: SecretSettingsContext<TDraft, TAction, TSubject>;
  matches: (state: 'creating' | 'showingSecret' | 'confirming') => boolean;
};

/**
 * Sends one of the block's events the way a person does; false for an event that is not the
 * block's (the screen's own replay handles it). `state` is the state after the step (a
 * confirmation's button is named by what is being confirmed, which the state still holds).
 */
export async function replaySecretSettingsStep<TDraft, TAction extends string, TSubject>(
  user: UserEvent,
  screenParts: SecretSettingsScreen<TAction, TSubject>,
  step: BlockStep<TAction, TSubject>,
  state: BlockState<TDraft, TAction, TSubject>,
) {
  const button = (name: string) => user.click(screen.getByRole('button', { name }));
  switch (step.type) {
    case 'create.open':
      await button(screenParts.add);
      return true;
    case 'create.submit':
      await button(screenParts.submit);
      return true;
    case 'create.cancel':
    case 'confirm.cancel':
      await button('Cancel');
      return true;
    case 'secret.copy':
      await button(screenParts.copy);
      return true;
    case 'secret.done':
      await button('Done');
      return true;
    case 'confirm.request':
      if (!step.action || step.subject === undefined) throw new Error('confirm.request without action or subject');
      await button(screenParts.request(step.action, step.subject));
      return true;
    case 'confirm.accept': {
      const action = state.context.confirming?.action;
      if (!action) throw new Error('confirm.accept without a confirmation');
      await button(screenParts.confirmButton(action));
      return true;
    }
    default:
      return false;
  }
}

/** What the screen shows in the block's states: the create dialog open, the secret once, the confirmation and its failure. */
export function expectSecretSettingsScreen<TDraft, TAction extends string, TSubject>(
  screenParts: SecretSettingsScreen<TAction, TSubject>,
  state: BlockState<TDraft, TAction, TSubject>,
  copied: readonly string[],
) {
  const { context } = state;
  if (state.matches('creating')) expect(screen.getByRole('dialog', { name: screenParts.createDialog })).toBeVisible();
  if (state.matches('showingSecret')) {
    const dialog = screen.getByRole('dialog', { name: screenParts.secretDialog });
    expect(within(dialog).getByTestId(screenParts.secretTestId)).toHaveTextContent(screenParts.secret);
    if (context.copied) {
      expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(copied).toEqual([screenParts.secret]);
    }
  } else {
    // Once its dialog is closed, the secret is nowhere on the page.
    expect(document.body.textContent).not.toContain(screenParts.secret);
  }
  if (state.matches('confirming') && context.confirming) {
    const { action, subject, failure } = context.confirming;
    const dialog = screen.getByRole('dialog', { name: screenParts.confirmDialog(action, subject) });
    if (failure) expect(within(dialog).getByRole('alert')).toHaveTextContent(failure);
  }
}

/**
 * The block's states (and the screen's `ownStates`) are all reached by the traversal, so every
 * dialog of the screen is replayed: the list loading, failed and ready, the create dialog editing
 * and submitting, the secret shown, and the confirmation asking (its busy states are the screen's).
 */
export function expectStatesReached(paths: readonly { state: { value: unknown } }[], ownStates: readonly unknown[]) {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  const blockStates = [
    'loading',
    'failed',
    'ready',
    { creating: 'editing' },
    { creating: 'submitting' },
    'showingSecret',
    { confirming: 'asking' },
  ];
  for (const state of [...blockStates, ...ownStates]) expect(reached).toContain(JSON.stringify(state));
}
