import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { InvitedRegistrationRequest } from '../../common/contracts/user-invitation';
import { type InvitedRegistrationEvent, invitedRegistrationMachine } from '../../machines/invited-registration.machine';
import { InvitedRegistrationView } from '../../src/views/invited-registration/InvitedRegistrationView';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  fieldStepName,
  type Step as PathStep,
  pathCases,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const invitation = {
  purpose: 'user-invitation' as const,
  first_name: 'Ines',
  email: 'ines@teile-nord.de',
  company_name: 'Teile Nord GmbH',
};
const labels = {
  last_name: 'Last name',
  contact_number: 'Contact number',
  password: 'Password',
  confirm_password: 'Confirm password',
} as const;
const texts: Record<string, string> = {
  lastNameRequired: 'Last name is required',
  contactNumberRequired: 'Contact number is required',
  passwordRequired: 'Password is required',
  passwordMinLength: 'Password should be at least 8 characters long',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  tokenUsed: 'This link has already been used. Please request a new one.',
};
type Step = PathStep<{ field?: keyof typeof labels }>;

const paths = getShortestPaths(invitedRegistrationMachine, {
  input: { token: 't'.repeat(40), invitation, signedIn: false },
  events: [
    { type: 'xstate.done.actor.checkInvitation' },
    { type: 'field.change', field: 'last_name', value: 'Nord' },
    { type: 'field.change', field: 'contact_number', value: '+49 40 1' },
    { type: 'field.change', field: 'password', value: 'Lagerhalle-2026' },
    { type: 'field.change', field: 'confirm_password', value: 'Lagerhalle-2026' },
    { type: 'field.change', field: 'confirm_password', value: 'Anders-2026' },
    { type: 'registration.submit' },
    { type: 'xstate.done.actor.register', output: { message: undefined } },
    { type: 'xstate.error.actor.register', error: apiFailure(texts.tokenUsed ?? '', 'tokenUsed', 'token') },
    { type: 'login.open' },
  ] as unknown as InvitedRegistrationEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, values: snapshot.context.values, errors: snapshot.context.errors }),
});

test('the traversal reaches registering, registered and done', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['idle', 'registering', 'registered', 'done']) expect(reached).toContain(JSON.stringify(state));
});

test.each(pathCases(withoutPrefixPaths(paths), fieldStepName))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const effects = { navigate: vi.fn() };
  const implementations = {
    actors: {
      // The link check answers at once: these paths are about the form (the check's own paths are unit-tested).
      checkInvitation: fromPromise<void, { token: string }>(async () => {}),
      register: controlled<{ message: string | undefined }, InvitedRegistrationRequest>('register'),
    },
    actions: {
      showLoader: () => {},
      hideLoader: () => {},
      notifySuccess: () => {},
      notifyFailure: () => {},
      navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
    },
  };
  await renderInRouter('/user-invite', () => (
    <InvitedRegistrationView
      implementations={implementations}
      input={{ token: 't'.repeat(40), invitation, signedIn: false }}
    />
  ));
  expect(await screen.findByLabelText('First name')).toHaveValue('Ines');
  expect(screen.getByLabelText('Email')).toHaveValue('ines@teile-nord.de');

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (event.type === 'xstate.done.actor.checkInvitation') {
      // Answered at once by the fake above.
    } else if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'field.change' && event.field) {
      const input = screen.getByLabelText(labels[event.field], { selector: 'input' });
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'registration.submit') {
      await user.click(screen.getByRole('button', { name: 'Register' }));
    } else if (event.type === 'login.open') {
      await user.click(screen.getByRole('button', { name: 'Go to login' }));
    }

    if (state.matches('idle')) {
      for (const id of Object.values(state.context.errors))
        if (id) expect(screen.getByText(texts[id] ?? id)).toBeVisible();
    }
    if (state.matches('registering')) {
      expect(screen.getByRole('button', { name: /registering/i })).toHaveAttribute('aria-busy', 'true');
      expect(calls.register?.at(-1)).toMatchObject({
        first_name: 'Ines',
        email: 'ines@teile-nord.de',
        company_name: 'Teile Nord GmbH',
      });
      expect(calls.register?.at(-1)).not.toHaveProperty('confirm_password');
    }
    if (state.matches('registered'))
      expect(await screen.findByRole('heading', { name: 'Registration complete' })).toBeVisible();
    if (state.matches('done')) expect(effects.navigate).toHaveBeenCalledWith('/login');
  }
});
