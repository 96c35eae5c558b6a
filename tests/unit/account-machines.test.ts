import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SignUpRequest } from '../../common/contracts/account';
import { canSendResetLink, forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { logoutMachine } from '../../machines/logout.machine';
import { registerMachine, type SignUpEvent } from '../../machines/register.machine';
import {
  canSavePassword,
  type ResetPasswordInput,
  type ResetPasswordRequest,
  resetPasswordMachine,
} from '../../machines/reset-password.machine';
import { apiFailure } from '../support/failures';

describe('sign-up', () => {
  function start(signUp: (input: SignUpRequest) => Promise<{ message: string | undefined }>) {
    const effects = {
      showAccountStatus: vi.fn(),
      notifySuccess: vi.fn(),
      notifyFailure: vi.fn(),
      signUp: vi.fn(signUp),
    };
    const actor = createActor(
      registerMachine.provide({
        actors: { signUp: fromPromise(({ input }) => effects.signUp(input)) },
        actions: {
          showAccountStatus: (_, { status }) => effects.showAccountStatus(status),
          notifySuccess: (_, { message }) => effects.notifySuccess(message),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
        },
      }),
    ).start();
    return { actor, effects };
  }
  const fill = (send: (event: SignUpEvent) => void) => {
    const values = {
      company_name: 'Kfz Schulz',
      first_name: 'Jana',
      last_name: 'Schulz',
      email: 'Jana@Schulz.DE',
      contact_number: '+49 30 1234567',
      postal_code: '10115',
      password: 'Bremsscheibe-2026',
      confirm_password: 'Bremsscheibe-2026',
    } as const;
    for (const [field, value] of Object.entries(values))
      send({ type: 'field.change', field: field as keyof typeof values, value });
    send({ type: 'terms.change', value: true });
  };

  test('an empty submit shows every field’s first error and sends nothing', () => {
    const { actor, effects } = start(async () => ({ message: 'ok' }));
    actor.send({ type: 'signUp.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      company_name: 'companyNameRequired',
      first_name: 'firstNameRequired',
      last_name: 'lastNameRequired',
      email: 'emailRequired',
      contact_number: 'phoneRequired',
      postal_code: 'zipRequired',
      password: 'passwordRequired',
      confirm_password: 'confirmPasswordRequired',
      terms_accepted: 'termsRequired',
    });
    expect(effects.signUp).not.toHaveBeenCalled();
  });

  test('a mismatched confirmation is reported on the confirmation; editing it clears the error', () => {
    const { actor } = start(async () => ({ message: 'ok' }));
    fill(actor.send);
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'Bremsscheibe-2027' });
    actor.send({ type: 'signUp.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirm_password: 'passwordsDoNotMatch' });
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'Bremsscheibe-2026' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  test('success sends the normalised form, notifies and shows the pending-account page', async () => {
    const { actor, effects } = start(async () => ({ message: 'Danke' }));
    fill(actor.send);
    actor.send({ type: 'signUp.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.signUp).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'jana@schulz.de', terms_accepted: true }),
    );
    expect(effects.notifySuccess).toHaveBeenCalledWith('Danke');
    expect(effects.showAccountStatus).toHaveBeenCalledWith(2);
  });

  test('a refusal keeps the form, shows the server message and marks the field it names; error.fixed clears it', async () => {
    const { actor, effects } = start(async () => {
      throw apiFailure('Dieses Passwort ist zu verbreitet.', 'passwordTooCommon', 'password');
    });
    fill(actor.send);
    actor.send({ type: 'signUp.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.serverError !== null);
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooCommon' });
    expect(effects.notifyFailure).toHaveBeenCalledWith('Dieses Passwort ist zu verbreitet.');
    actor.send({ type: 'error.fixed' });
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });
});

describe('forgot password', () => {
  function start(request: () => Promise<{ message: string | undefined }>) {
    const notifyFailure = vi.fn();
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: { requestResetLink: fromPromise(request) },
        actions: { notifyFailure: (_, { message }) => notifyFailure(message) },
      }),
    ).start();
    return { actor, notifyFailure };
  }

  test('sending is disabled while the e-mail is empty; an empty submit sets emailRequired', () => {
    const { actor } = start(async () => ({ message: 'sent' }));
    expect(canSendResetLink(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().context.error).toBe('emailRequired');
    actor.send({ type: 'email.change', value: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(canSendResetLink(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().context.error).toBe('emailInvalid');
  });

  test('step 1 → step 2 on success, with the server message', async () => {
    const { actor } = start(async () => ({ message: 'Wenn ein Konto …' }));
    actor.send({ type: 'email.change', value: 'jana@schulz.de' });
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('step:2'));
    expect(actor.getSnapshot().context.sentMessage).toBe('Wenn ein Konto …');
  });

  test('a failure stays on step 1 and notifies', async () => {
    const { actor, notifyFailure } = start(async () => {
      throw apiFailure('Zu viele Versuche.');
    });
    actor.send({ type: 'email.change', value: 'jana@schulz.de' });
    actor.send({ type: 'forgot.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringEmail'));
    expect(notifyFailure).toHaveBeenCalledWith('Zu viele Versuche.');
  });
});

describe('reset password', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Starts the flow with the link check answered by `check` and waits until it has answered. */
  async function start(
    input: ResetPasswordInput,
    save: (request: ResetPasswordRequest) => Promise<{ message: string | undefined }>,
    check: () => Promise<void> = async () => {},
  ) {
    const effects = {
      save: vi.fn(save),
      navigate: vi.fn(),
      notifySuccess: vi.fn(),
      notifyFailure: vi.fn(),
      logFailure: vi.fn(),
      check: vi.fn(check),
    };
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          checkLink: fromPromise(() => effects.check()),
          savePassword: fromPromise(({ input: request }) => effects.save(request)),
        },
        actions: {
          navigate: (_, { to }) => effects.navigate(to),
          notifySuccess: (_, { message }) => effects.notifySuccess(message),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
          logFailure: (_, failure) => effects.logFailure(failure.messageId),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (snapshot) => !snapshot.matches('readingLink') && !snapshot.matches('checkingLink'));
    return { actor, effects };
  }
  const withToken: ResetPasswordInput = { mode: 'reset', token: 'a'.repeat(40), email: 'jana@schulz.de' };

  test('a submit with an empty field is not accepted (Save is disabled) and shows nothing', async () => {
    const { actor, effects } = await start(withToken, async () => ({ message: 'ok' }));
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(effects.save).not.toHaveBeenCalled();
  });

  test.each([
    [{ password: 'short', confirm_password: 'short' }, { password: 'passwordMinLength' }],
    [{ password: 'long-enough-1', confirm_password: 'long-enough-2' }, { confirm_password: 'passwordsDoNotMatch' }],
    [
      { password: 'short', confirm_password: 'other' },
      { password: 'passwordMinLength', confirm_password: 'passwordsDoNotMatch' },
    ],
  ] as const)('docs/product.md §5 validation: %j gives %j', async (values, errors) => {
    const { actor, effects } = await start(withToken, async () => ({ message: 'ok' }));
    actor.send({ type: 'field.change', field: 'password', value: values.password });
    actor.send({ type: 'field.change', field: 'confirm_password', value: values.confirm_password });
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.errors).toEqual(errors);
    expect(effects.save).not.toHaveBeenCalled();
  });

  test('save is disabled until both fields are filled', async () => {
    const { actor } = await start(withToken, async () => ({ message: 'ok' }));
    expect(canSavePassword(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    expect(canSavePassword(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'x' });
    expect(canSavePassword(actor.getSnapshot())).toBe(true);
  });

  test('with a token: step 1 → step 2 on success, then /login', async () => {
    const { actor, effects } = await start(withToken, async () => ({ message: 'Gespeichert' }));
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'long-enough-1' });
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('step:2')).toBe(true));
    expect(effects.save).toHaveBeenCalledWith({
      mode: 'reset',
      token: withToken.mode === 'reset' ? withToken.token : '',
      password: 'long-enough-1',
      confirm_password: 'long-enough-1',
    });
    expect(effects.notifySuccess).toHaveBeenCalledWith('Gespeichert');
    expect(effects.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(effects.navigate).toHaveBeenCalledWith('/login');
  });

  test('without a token: the current password is required too, and success returns to the dashboard', async () => {
    const { actor, effects } = await start({ mode: 'change' }, async () => ({ message: 'Geändert' }));
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'long-enough-1' });
    expect(canSavePassword(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'current_password', value: 'old-password' });
    expect(canSavePassword(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('step:2')).toBe(true));
    expect(effects.save).toHaveBeenCalledWith({
      mode: 'change',
      current_password: 'old-password',
      password: 'long-enough-1',
      confirm_password: 'long-enough-1',
    });
    vi.advanceTimersByTime(2000);
    expect(effects.navigate).toHaveBeenCalledWith('/dashboard');
  });

  test('an unreadable token shows the "request a new link" screen at once', async () => {
    const { actor } = await start({ mode: 'reset', token: 'garbage', email: null }, async () => ({ message: 'ok' }));
    expect(actor.getSnapshot().hasTag('linkRejected')).toBe(true);
  });

  test('a link already used is recognised before the form shows, with the reason (docs/product.md §4.6)', async () => {
    const { actor, effects } = await start(
      withToken,
      async () => ({ message: 'ok' }),
      async () => {
        throw apiFailure('Dieser Link wurde bereits verwendet.', 'tokenUsed', 'token');
      },
    );
    expect(actor.getSnapshot().hasTag('linkRejected')).toBe(true);
    expect(actor.getSnapshot().context.linkProblem).toBe('tokenUsed');
    expect(effects.check).toHaveBeenCalledTimes(1);
    expect(effects.save).not.toHaveBeenCalled();
  });

  test('when the link check gets no answer (offline), the form still works and saving checks again', async () => {
    const { actor, effects } = await start(
      withToken,
      async () => ({ message: 'ok' }),
      async () => {
        throw apiFailure('Keine Verbindung zum Server.', 'networkError');
      },
    );
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'long-enough-1' });
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('step:2')).toBe(true));
    expect(effects.save).toHaveBeenCalledTimes(1);
  });

  test('the signed-in change has no link to check', async () => {
    const { actor, effects } = await start({ mode: 'change' }, async () => ({ message: 'ok' }));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(effects.check).not.toHaveBeenCalled();
  });

  test('a link the server rejects leaves the form for the new-link screen and is logged', async () => {
    const { actor, effects } = await start(withToken, async () => {
      throw apiFailure('Dieser Link ist abgelaufen.', 'tokenExpired', 'token');
    });
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-1' });
    actor.send({ type: 'field.change', field: 'confirm_password', value: 'long-enough-1' });
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('linkRejected')).toBe(true));
    expect(actor.getSnapshot().context.linkProblem).toBe('tokenExpired');
    expect(effects.logFailure).toHaveBeenCalledWith('tokenExpired');
  });

  test('other failures keep the form, notify, log and mark the field the server names', async () => {
    const { actor, effects } = await start({ mode: 'change' }, async () => {
      throw apiFailure('Das aktuelle Passwort ist falsch', 'currentPasswordWrong', 'current_password');
    });
    for (const [field, value] of [
      ['current_password', 'wrong'],
      ['password', 'long-enough-1'],
      ['confirm_password', 'long-enough-1'],
    ] as const) {
      actor.send({ type: 'field.change', field, value });
    }
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    expect(actor.getSnapshot().context.errors).toEqual({ current_password: 'currentPasswordWrong' });
    expect(effects.notifyFailure).toHaveBeenCalledWith('Das aktuelle Passwort ist falsch');
    expect(effects.logFailure).toHaveBeenCalledWith('currentPasswordWrong');
  });
});

describe('logout', () => {
  function start(logout: () => Promise<{ message: string | undefined }>) {
    const effects = { forgetSession: vi.fn(), navigate: vi.fn(), notifySuccess: vi.fn(), notifyFailure: vi.fn() };
    const actor = createActor(
      logoutMachine.provide({
        actors: { logout: fromPromise(logout) },
        actions: {
          forgetSession: () => effects.forgetSession(),
          navigate: (_, { to }) => effects.navigate(to),
          notifySuccess: (_, { message }) => effects.notifySuccess(message),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
        },
      }),
    ).start();
    return { actor, effects };
  }

  test('the dialog opens on request and No closes it without logging out', () => {
    const { actor, effects } = start(async () => ({ message: 'bye' }));
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'logout.cancel' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(false);
    expect(effects.forgetSession).not.toHaveBeenCalled();
  });

  test('Yes logs out: the stored user is removed and the browser goes to /login', async () => {
    const { actor, effects } = start(async () => ({ message: 'Sie wurden abgemeldet.' }));
    actor.send({ type: 'logout.request' });
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.forgetSession).toHaveBeenCalled();
    expect(effects.navigate).toHaveBeenCalledWith('/login');
    expect(effects.notifySuccess).toHaveBeenCalledWith('Sie wurden abgemeldet.');
  });

  test('a failed logout keeps the dialog open with the server message', async () => {
    const { actor, effects } = start(async () => {
      throw apiFailure('Keine Verbindung zum Server.');
    });
    actor.send({ type: 'logout.request' });
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    expect(actor.getSnapshot().context.error).toBe('Keine Verbindung zum Server.');
    expect(effects.forgetSession).not.toHaveBeenCalled();
  });
});
