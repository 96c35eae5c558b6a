import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InvitedRegistrationRequest } from '../../common/contracts/user-invitation';
import { inviteUserMachine } from '../../machines/invite-user.machine';
import { invitedRegistrationMachine } from '../../machines/invited-registration.machine';
import { apiFailure } from '../support/failures';

const invitation = {
  purpose: 'user-invitation' as const,
  first_name: 'Ines',
  email: 'ines@teile-nord.de',
  company_name: 'Teile Nord GmbH',
};

/** Starts the flow with the invitation check answered by `check` and waits until it has answered. */
async function start(
  token: string | null,
  register: (request: InvitedRegistrationRequest) => Promise<{ message: string | undefined }> = async () => ({
    message: 'ok',
  }),
  { check = async () => {}, signedIn = false }: { check?: () => Promise<void>; signedIn?: boolean } = {},
) {
  const effects = {
    register: vi.fn(register),
    check: vi.fn(check),
    loader: [] as string[],
    navigate: vi.fn(),
    notifyFailure: vi.fn(),
  };
  const actor = createActor(
    invitedRegistrationMachine.provide({
      actors: {
        checkInvitation: fromPromise(() => effects.check()),
        register: fromPromise(({ input }) => effects.register(input)),
      },
      actions: {
        showLoader: () => void effects.loader.push('show'),
        hideLoader: () => void effects.loader.push('hide'),
        navigate: (_, { to }) => effects.navigate(to),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
        notifySuccess: () => {},
      },
    }),
    { input: { token, invitation: token ? invitation : null, signedIn } },
  ).start();
  await waitFor(actor, (snapshot) => !snapshot.matches('readingInvitation') && !snapshot.matches('checkingInvitation'));
  return { actor, effects };
}

function fill(actor: Awaited<ReturnType<typeof start>>['actor'], confirm = 'Lagerhalle-2026') {
  actor.send({ type: 'field.change', field: 'last_name', value: 'Nord' });
  actor.send({ type: 'field.change', field: 'contact_number', value: '+49 40 123456' });
  actor.send({ type: 'field.change', field: 'password', value: 'Lagerhalle-2026' });
  actor.send({ type: 'field.change', field: 'confirm_password', value: confirm });
}

describe('invited registration', () => {
  test('a missing token shows registrationTokenMissing and sends nothing', async () => {
    const { actor, effects } = await start(null);
    expect(actor.getSnapshot().context.errors).toEqual({ token: 'registrationTokenMissing' });
    fill(actor);
    actor.send({ type: 'registration.submit' });
    expect(effects.register).not.toHaveBeenCalled();
  });

  test('docs/product.md §5 messages, cleared on editing the field', async () => {
    const { actor, effects } = await start('t'.repeat(40));
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      last_name: 'lastNameRequired',
      contact_number: 'contactNumberRequired',
      password: 'passwordRequired',
      confirm_password: 'confirmPasswordRequired',
    });
    actor.send({ type: 'field.change', field: 'last_name', value: 'N' });
    expect(actor.getSnapshot().context.errors.last_name).toBeUndefined();
    fill(actor, 'Lagerhalle-2027');
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirm_password: 'passwordsDoNotMatch' });
    expect(effects.register).not.toHaveBeenCalled();
  });

  test('idle → registering (loader shown) → registered; sends the payload of docs/product.md §3 without confirm_password', async () => {
    const { actor, effects } = await start('t'.repeat(40));
    fill(actor);
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('registered'));
    expect(effects.loader).toEqual(['show', 'hide']);
    expect(effects.register).toHaveBeenCalledWith({
      token: 't'.repeat(40),
      first_name: 'Ines',
      email: 'ines@teile-nord.de',
      company_name: 'Teile Nord GmbH',
      last_name: 'Nord',
      contact_number: '+49 40 123456',
      password: 'Lagerhalle-2026',
    });
    actor.send({ type: 'login.open' });
    expect(effects.navigate).toHaveBeenCalledWith('/login');
  });

  test('a refusal returns to the form with the server message on its field', async () => {
    const { actor, effects } = await start('t'.repeat(40), async () => {
      throw apiFailure('Das Passwort ist zu verbreitet.', 'passwordTooCommon', 'password');
    });
    fill(actor);
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && Object.keys(snapshot.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooCommon' });
    expect(effects.notifyFailure).toHaveBeenCalledWith('Das Passwort ist zu verbreitet.');
    expect(effects.loader).toEqual(['show', 'hide']);
  });

  test.each([
    ['tokenUsed', 'the invitation was used'],
    ['accountExists', 'the address has an account'],
  ] as const)(
    '%s (%s): registered already, so the form gives way to the login (docs/product.md §4.6)',
    async (messageId, _meaning) => {
      const refusal = async () => {
        throw apiFailure('refused', messageId, 'token');
      };
      const checked = await start('t'.repeat(40), undefined, { check: refusal });
      expect(checked.actor.getSnapshot().hasTag('alreadyRegistered')).toBe(true);
      checked.actor.send({ type: 'login.open' });
      expect(checked.effects.navigate).toHaveBeenCalledWith('/login');

      // Used in another tab meanwhile: the submit's refusal asks the check again, which says why.
      let checks = 0;
      const submitted = await start('t'.repeat(40), refusal, {
        check: async () => {
          checks += 1;
          if (checks > 1) await refusal();
        },
      });
      fill(submitted.actor);
      submitted.actor.send({ type: 'registration.submit' });
      await waitFor(submitted.actor, (snapshot) => snapshot.hasTag('alreadyRegistered'));
      expect(checks).toBe(2);
    },
  );

  test('an invitation already used takes a signed-in person on to the dashboard', async () => {
    const { effects } = await start('t'.repeat(40), undefined, {
      signedIn: true,
      check: async () => {
        throw apiFailure('refused', 'tokenUsed', 'token');
      },
    });
    expect(effects.navigate).toHaveBeenCalledWith('/dashboard');
  });

  test('an expired invitation says so instead of showing the form; an unanswered check leaves the form usable', async () => {
    const expired = await start('t'.repeat(40), undefined, {
      check: async () => {
        throw apiFailure('abgelaufen', 'tokenExpired', 'token');
      },
    });
    expect(expired.actor.getSnapshot().hasTag('invitationRejected')).toBe(true);
    expect(expired.actor.getSnapshot().context.linkProblem).toBe('tokenExpired');

    const offline = await start('t'.repeat(40), undefined, {
      check: async () => {
        throw apiFailure('Keine Verbindung zum Server.', 'networkError');
      },
    });
    expect(offline.actor.getSnapshot().matches('idle')).toBe(true);
    fill(offline.actor);
    offline.actor.send({ type: 'registration.submit' });
    await waitFor(offline.actor, (snapshot) => snapshot.matches('registered'));
  });

  test('without a token nothing is checked', async () => {
    const { effects } = await start(null);
    expect(effects.check).not.toHaveBeenCalled();
  });
});

describe('invite a user', () => {
  test('validates, sends, then empties the form; a refusal marks the field', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    const actor = createActor(
      inviteUserMachine.provide({
        actors: {
          invite: fromPromise(async ({ input }) => {
            sent.push(input);
            if (refuse)
              throw apiFailure('Für diese E-Mail-Adresse besteht bereits ein Konto.', 'accountExists', 'email');
            return { message: 'ok' };
          }),
        },
        actions: { notifySuccess: () => {}, notifyFailure: () => {} },
      }),
    ).start();
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      first_name: 'firstNameRequired',
      email: 'emailRequired',
      company_name: 'companyNameRequired',
    });
    actor.send({ type: 'field.change', field: 'first_name', value: 'Ines' });
    actor.send({ type: 'field.change', field: 'email', value: 'Ines@Teile-Nord.de' });
    actor.send({ type: 'field.change', field: 'company_name', value: 'Teile Nord' });
    actor.send({ type: 'invite.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.values.email === '');
    expect(sent).toEqual([{ first_name: 'Ines', email: 'ines@teile-nord.de', company_name: 'Teile Nord' }]);
    refuse = true;
    actor.send({ type: 'field.change', field: 'first_name', value: 'A' });
    actor.send({ type: 'field.change', field: 'email', value: 'admin@teileportal.local' });
    actor.send({ type: 'field.change', field: 'company_name', value: 'C' });
    actor.send({ type: 'invite.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.errors.email === 'accountExists');
  });
});
