import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  type ResetPasswordEvent,
  type ResetPasswordInput,
  type ResetPasswordRequest,
  resetPasswordMachine,
} from '../../machines/reset-password.machine';
import { ResetPasswordView } from '../../src/views/reset-password/ResetPasswordView';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  fieldStepName,
  type Step as PathStep,
  pathCases,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const input: ResetPasswordInput = { mode: 'reset', token: 't'.repeat(40), email: 'jana@schulz.de' };
const EXPIRED = 'This link has expired. Please request a new one.';
const SERVER_DOWN = 'The service is temporarily unavailable. Please try again shortly.';

/** The view's texts for the machine's message ids (English catalog in tests). */
const errorTexts: Record<string, string> = {
  passwordRequired: 'Password is required',
  passwordMinLength: 'Password should be at least 8 characters long',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
};

type Step = PathStep<{ field?: string }>;

const paths = getShortestPaths(resetPasswordMachine, {
  input,
  events: [
    { type: 'xstate.done.actor.checkLink' },
    { type: 'field.change', field: 'password', value: 'short' },
    { type: 'field.change', field: 'password', value: 'long-enough-1' },
    { type: 'field.change', field: 'confirm_password', value: 'long-enough-1' },
    { type: 'field.change', field: 'confirm_password', value: 'long-enough-2' },
    { type: 'reset.submit' },
    { type: 'xstate.done.actor.savePassword', output: { message: 'Your password has been reset.' } },
    { type: 'xstate.error.actor.savePassword', error: apiFailure(EXPIRED, 'tokenExpired', 'token') },
    { type: 'xstate.error.actor.savePassword', error: apiFailure(SERVER_DOWN, 'serviceUnavailable') },
    { type: 'xstate.after.SHOW_CONFIRMATION.resetPassword.saved' },
  ] as unknown as ResetPasswordEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, input: null } }),
});

test('the traversal reaches every state the screen can show', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['editing', 'saving', 'saved', 'linkRejected', 'done'])
    expect(reached).toContain(JSON.stringify(state));
});

test.each(pathCases(withoutPrefixPaths(paths), fieldStepName))(
  '%s',
  async (_name, path) => {
    const user = userEvent.setup();
    const { controlled, calls, isActorOutcome, settle } = controlledActors();
    const effects = { navigate: vi.fn<(to: string) => void>() };
    const implementations = {
      actors: {
        // The link check answers at once: these paths are about the form (the check's own paths are unit-tested).
        checkLink: fromPromise<void, { token: string }>(async () => {}),
        savePassword: controlled<{ message: string | undefined }, ResetPasswordRequest>('savePassword'),
      },
      actions: {
        navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
        notifySuccess: () => {},
        notifyFailure: () => {},
        logFailure: () => {},
      },
    };
    await renderInRouter('/reset-password', () => (
      <ResetPasswordView implementations={implementations} input={input} />
    ));
    expect(await screen.findByLabelText('Email')).toHaveValue('jana@schulz.de');

    for (const step of path.steps) {
      const event = step.event as Step;
      if (event.type === 'xstate.done.actor.checkLink') {
        // Answered at once by the fake above.
      } else if (isActorOutcome(event)) {
        await settle(event);
      } else if (event.type === 'field.change') {
        const field = screen.getByLabelText(event.field === 'password' ? 'New password' : 'Confirm new password', {
          selector: 'input',
        });
        await user.clear(field);
        await user.type(field, event.value ?? '');
      } else if (event.type === 'reset.submit') {
        // docs/product.md §5: Enter submits.
        await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), '{Enter}');
      } else if (event.type.startsWith('xstate.after.')) {
        await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith('/login'), { timeout: 4000 });
      }

      const state = step.state;
      if (state.matches('editing')) {
        const bothFilled = state.context.values.password !== '' && state.context.values.confirm_password !== '';
        const save = screen.getByRole('button', { name: 'Save password' });
        if (bothFilled) expect(save).toBeEnabled();
        else expect(save).toBeDisabled();
        for (const [field, id] of Object.entries(state.context.errors)) {
          expect(screen.getByText(errorTexts[id] ?? `missing text for ${id}`), field).toBeVisible();
        }
      }
      if (state.matches('saving')) {
        expect(screen.getByRole('button', { name: /saving/i })).toHaveAttribute('aria-busy', 'true');
        expect(calls.savePassword?.at(-1)).toMatchObject({
          mode: 'reset',
          password: 'long-enough-1',
          confirm_password: 'long-enough-1',
        });
      }
      if (state.matches('saved')) {
        expect(
          await screen.findByText('Your password has been saved. You are being taken to the login…'),
        ).toBeVisible();
      }
      if (state.matches('linkRejected')) {
        expect(
          await screen.findByText(
            'This link has expired: a reset link is valid for one hour. Please request a new link.',
          ),
        ).toBeVisible();
        expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
        expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
      }
    }
  },
  15_000,
);
