import { describe, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { refusal, startAccountStep } from '../support/wizard';

function fillAccount(actor: ReturnType<typeof startAccountStep>['actor']) {
  actor.send({ type: 'account.change', field: 'firstName', value: 'Max' });
  actor.send({ type: 'account.change', field: 'lastName', value: 'Müller' });
  actor.send({ type: 'account.change', field: 'password', value: 'Radlager-2026' });
}

describe('step 1: create account', () => {
  test('errors come one at a time, in the order of docs/product.md §5, and clear on typing', () => {
    const { actor, effects } = startAccountStep();
    actor.send({ type: 'account.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ firstName: 'enterName' });
    actor.send({ type: 'account.change', field: 'firstName', value: 'Max' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'account.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'enterPassword' });
    actor.send({ type: 'account.change', field: 'password', value: 'kurz' });
    actor.send({ type: 'account.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'password8CharLong' });
    expect(effects.createAccount).not.toHaveBeenCalled();
  });

  test('last name is not checked (product.md §5)', async () => {
    const { actor } = startAccountStep();
    actor.send({ type: 'account.change', field: 'firstName', value: 'Max' });
    actor.send({ type: 'account.change', field: 'password', value: 'Radlager-2026' });
    actor.send({ type: 'account.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });

  test('plain mode sends create_workshop with the invitation’s details; the output is the created account', async () => {
    const { actor, effects } = startAccountStep('plain');
    fillAccount(actor);
    actor.send({ type: 'account.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.createAccount).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'max@werkstatt.de',
        services: ['WORKSHOP'],
        company_name: 'Werkstatt Müller',
        create_workshop: true,
        first_name: 'Max',
        last_name: 'Müller',
      }),
    );
    expect(actor.getSnapshot().output).toEqual({
      created: expect.objectContaining({ user_id: 42, workshop: { id: 11 } }),
      lastName: 'Müller',
    });
    expect(actor.getSnapshot().context.form.password).toBe('');
  });

  test('account-creation mode sends create_workshop_account with the lead', async () => {
    const { actor, effects } = startAccountStep('account-creation');
    fillAccount(actor);
    actor.send({ type: 'account.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.createAccount).toHaveBeenCalledWith(
      expect.objectContaining({ create_workshop_account: true, lead_id: 7 }),
    );
  });

  test('the names are kept as a draft for the lead, never the password; a draft fills the form again', () => {
    const { actor, effects } = startAccountStep();
    fillAccount(actor);
    expect(effects.drafts.at(-1)).toEqual({
      leadId: 7,
      section: { account: { firstName: 'Max', lastName: 'Müller' } },
    });
    expect(JSON.stringify(effects.drafts)).not.toContain('Radlager');
    const restored = startAccountStep('plain', { firstName: 'Max', lastName: 'Müller' });
    expect(restored.actor.getSnapshot().context.form).toEqual({ firstName: 'Max', lastName: 'Müller', password: '' });
  });

  test('a refusal with a field shows it there and tells the user; the step stays usable', async () => {
    const { actor, effects } = startAccountStep();
    effects.createAccount.mockRejectedValueOnce(
      Object.assign(refusal('passwordTooCommon', 'Zu häufig'), { field: 'password' }),
    );
    fillAccount(actor);
    actor.send({ type: 'account.submit' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Zu häufig'));
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooCommon' });
    actor.send({ type: 'account.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });
});
