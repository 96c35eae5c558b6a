import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { LoginRequest, PublicUser } from '../../common/contracts/auth';
import { type LoginEvent, type LoginResult, loginMachine } from '../../machines/login.machine';
import { LoginView } from '../../src/views/login/LoginView';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import { aUser } from '../support/users';

const activeUser = aUser({ status: 1, services: [{ name: 'WORKSHOP', url: '/workshop-app' }] });
const pendingUser = aUser({ status: 2 });
const SERVER_MESSAGE = 'E-Mail oder Passwort ist falsch';

/**
 * The invoked login actor is not started by the traversal, so its outcomes are offered as the
 * events XState would raise; the replay below turns each into a resolved or rejected request.
 */
const traversalEvents = [
  { type: 'field.change', field: 'email', value: 'jana@example.de' },
  { type: 'field.change', field: 'password', value: 'secret-password' },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.login', output: { user: activeUser, message: 'Login successful' } },
  { type: 'xstate.done.actor.login', output: { user: pendingUser, message: undefined } },
  { type: 'xstate.error.actor.login', error: new Error(SERVER_MESSAGE) },
  // The zero-delay timer before the redirect; in the replay the real timer fires by itself.
  { type: 'xstate.after.REDIRECT_AFTER_STORE.login.redirecting' },
] as unknown as LoginEvent[];

type Step = PathStep<{ field?: string }>;

const paths = getShortestPaths(loginMachine, {
  events: traversalEvents,
  input: { redirectUrl: null },
  // Context shapes the screen (errors, server message), so it is part of what makes a state distinct.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      context: { ...snapshot.context, user: snapshot.context.user?.status ?? null },
    }),
});

async function renderLogin() {
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const effects = {
    navigate: vi.fn<(to: string) => void>(),
    showAccountStatus: vi.fn<(status: number) => void>(),
    storeUser: vi.fn<(user: PublicUser) => void>(),
  };
  const implementations = {
    actors: {
      login: controlled<LoginResult, LoginRequest>('login'),
    },
    actions: {
      storeUser: (_: unknown, { user }: { user: PublicUser }) => effects.storeUser(user),
      navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
      showAccountStatus: (_: unknown, { status }: { status: number }) => effects.showAccountStatus(status),
      notifyFailure: () => {},
      notifySuccess: () => {},
    },
  };
  await renderInRouter('/login', () => <LoginView implementations={implementations} redirectUrl={null} />);
  return { effects, calls, isActorOutcome, settle };
}

describe('login paths replayed against the view', () => {
  test('the traversal reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['editing', 'submitting', 'redirecting', 'loggedIn', 'accountInactive']) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  test.each(pathCases(withoutPrefixPaths(paths)))('%s', async (_name, path) => {
    const user = userEvent.setup();
    const { effects, calls, isActorOutcome, settle } = await renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    for (const step of path.steps) {
      const event = step.event as Step;
      if (isActorOutcome(event)) {
        await settle(event);
      } else if (event.type === 'field.change') {
        const input = screen.getByLabelText(event.field === 'email' ? 'Email' : 'Password', { selector: 'input' });
        await user.clear(input);
        if (event.value) await user.type(input, event.value);
      } else if (event.type === 'login.submit') {
        await user.click(screen.getByRole('button', { name: /log in/i }));
      }
      // What the screen shows in the state this step reached.
      const state = step.state;
      if (state.matches('editing')) {
        expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
        const { errors, serverError } = state.context;
        if (errors.email === 'emailRequired') expect(screen.getByText('Email is required')).toBeVisible();
        if (errors.password === 'passwordRequired') expect(screen.getByText('Password is required')).toBeVisible();
        if (!errors.email) expect(screen.queryByText('Email is required')).toBeNull();
        if (serverError) expect(screen.getByText(SERVER_MESSAGE)).toBeVisible();
      }
      if (state.matches('submitting')) {
        expect(screen.getByRole('button', { name: /logging in/i })).toHaveAttribute('aria-busy', 'true');
        expect(calls.login?.at(-1)).toEqual({
          email: 'jana@example.de',
          password: 'secret-password',
          rememberMe: false,
        });
      }
      if (state.matches('loggedIn')) {
        await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith('/workshop-app'));
        expect(effects.storeUser).toHaveBeenCalledWith(activeUser);
      }
      if (state.matches('accountInactive')) {
        await waitFor(() => expect(effects.showAccountStatus).toHaveBeenCalledWith(2));
        expect(effects.storeUser).not.toHaveBeenCalled();
      }
    }
  });
});
