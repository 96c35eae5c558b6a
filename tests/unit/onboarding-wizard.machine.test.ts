import { describe, expect, test, vi } from 'vitest';
import { type ActorRefFrom, waitFor } from 'xstate';
import type { onboardingWizardMachine } from '../../machines/onboarding-wizard.machine';
import { invitation, refusal, resumeAt, startWizard } from '../support/wizard';

type Wizard = ActorRefFrom<typeof onboardingWizardMachine>;

async function atStep(actor: Wizard, step: 1 | 2 | 3 | 4) {
  await waitFor(actor, (snapshot) => snapshot.hasTag(`step:${step}`));
}

function stepActor<TKey extends 'account' | 'masterData' | 'suppliers'>(actor: Wizard, key: TKey) {
  const child = actor.getSnapshot().children[key];
  if (!child) throw new Error(`the ${key} step is not running`);
  return child;
}

async function throughAccount(actor: Wizard) {
  await atStep(actor, 1);
  const account = stepActor(actor, 'account');
  account.send({ type: 'account.change', field: 'firstName', value: 'Max' });
  account.send({ type: 'account.change', field: 'lastName', value: 'Müller' });
  account.send({ type: 'account.change', field: 'password', value: 'Radlager-2026' });
  account.send({ type: 'account.submit' });
}

async function skipStep(actor: Wizard, key: 'masterData' | 'suppliers') {
  const step = stepActor(actor, key);
  await waitFor(step, (snapshot) => !snapshot.hasTag('busy'));
  step.send({ type: 'step.skip' });
}

describe('invitation', () => {
  test('without a token the wizard refuses at once', () => {
    const { actor } = startWizard('plain', { token: null });
    expect(actor.getSnapshot().hasTag('invitationRejected')).toBe(true);
  });

  test('the invitation reaches step 1 with e-mail and workshop name', async () => {
    const { actor } = startWizard();
    await atStep(actor, 1);
    expect(stepActor(actor, 'account').getSnapshot().context.invitation).toMatchObject({
      email: 'max@werkstatt.de',
      workshop_account_name: 'Werkstatt Müller',
      lead_id: 7,
    });
  });

  test('a used or foreign invitation shows the server’s message and nothing else', async () => {
    const { actor } = startWizard('plain', {
      check: async () => {
        throw refusal('tokenUsed', 'Dieser Link wurde bereits verwendet.');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().hasTag('invitationRejected')).toBe(true);
    expect(actor.getSnapshot().hasTag('passwordOffer')).toBe(false);
    expect(actor.getSnapshot().context.invitationError).toBe('tokenUsed');
  });

  test('a refusal without a message id is told as an unusable link', async () => {
    const { actor } = startWizard('plain', {
      check: async () => {
        throw new Error('Bad Request');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.invitationError).toBe('tokenInvalid');
  });
});

describe('plain mode from the start', () => {
  test('account → master data → suppliers → done, with the account details and a cleared draft', async () => {
    const { actor, effects } = startWizard('plain');
    await throughAccount(actor);
    await atStep(actor, 2);
    expect(actor.getSnapshot().context).toMatchObject({
      workshopId: 11,
      firstName: 'Max',
      account: { id: 42, name: 'Max Müller', email: 'max@werkstatt.de' },
    });
    await skipStep(actor, 'masterData');
    await atStep(actor, 3);
    await skipStep(actor, 'suppliers');
    await atStep(actor, 4);
    expect(effects.skipStep.mock.calls.map(([input]) => input.step)).toEqual(['master-data', 'suppliers']);
    expect(effects.clearedDrafts).toEqual([7]);
  });

  test('account-creation mode leaves the wizard after step 1', async () => {
    const { actor, effects } = startWizard('account-creation');
    await throughAccount(actor);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().matches('leftWizard')).toBe(true);
    expect(effects.leave).toHaveBeenCalled();
    expect(effects.clearedDrafts).toEqual([7]);
  });

  test('step 4: close returns to the start page', async () => {
    const { actor, effects } = startWizard();
    await throughAccount(actor);
    await atStep(actor, 2);
    await skipStep(actor, 'masterData');
    await atStep(actor, 3);
    await skipStep(actor, 'suppliers');
    await atStep(actor, 4);
    actor.send({ type: 'wizard.close' });
    expect(effects.navigate).toHaveBeenCalledWith('/');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('resuming a used invitation (ADR 015)', () => {
  test('at step 2, with the account details from the server', async () => {
    const { actor } = startWizard('plain', { check: async () => invitation('plain', resumeAt('master-data')) });
    await atStep(actor, 2);
    expect(actor.getSnapshot().context.account).toEqual({ id: 42, name: 'Max Müller', email: 'max@werkstatt.de' });
    expect(stepActor(actor, 'masterData').getSnapshot().context).toMatchObject({ leadId: 7, workshopId: 11 });
  });

  test('at step 2 the draft typed before the reload comes back', async () => {
    const { actor } = startWizard('plain', {
      check: async () => invitation('plain', resumeAt('master-data')),
      draft: { masterData: { dmsId: '1', dmsAccountId: 'W-17' } },
    });
    await atStep(actor, 2);
    expect(stepActor(actor, 'masterData').getSnapshot().context.form).toEqual({ dmsId: '1', dmsAccountId: 'W-17' });
  });

  test('at step 3 with the saved suppliers, or the draft when there is one', async () => {
    const resume = resumeAt('suppliers', {
      dms: { dms_id: 1, dms_account_id: 'W-17' },
      suppliers: [{ part_dealer_id: 2, customer_number: '678' }],
      additional_suppliers: [{ name: 'Teile Schmidt', customer_number: 'S-99' }],
    });
    const saved = startWizard('plain', { check: async () => invitation('plain', resume) });
    await atStep(saved.actor, 3);
    expect(stepActor(saved.actor, 'suppliers').getSnapshot().context).toMatchObject({
      firstName: 'Max',
      selected: { 2: '678' },
      additionalTiles: [{ partSupplier: 'Teile Schmidt', customerNo: 'S-99' }],
    });
    const drafted = startWizard('plain', {
      check: async () => invitation('plain', resume),
      draft: {
        suppliers: {
          selected: { 1: '5' },
          additionalRows: [{ partSupplier: 'Nord', customerNo: '' }],
          additionalTiles: [],
          addMoreOpen: true,
        },
      },
    });
    await atStep(drafted.actor, 3);
    expect(stepActor(drafted.actor, 'suppliers').getSnapshot().context).toMatchObject({
      selected: { 1: '5' },
      additionalRows: [{ partSupplier: 'Nord', customerNo: '' }],
      addMoreOpen: true,
    });
  });

  test('at step 1 a draft brings the names back', async () => {
    const { actor } = startWizard('plain', { draft: { account: { firstName: 'Max', lastName: 'Müller' } } });
    await atStep(actor, 1);
    expect(stepActor(actor, 'account').getSnapshot().context.form).toMatchObject({
      firstName: 'Max',
      lastName: 'Müller',
    });
  });

  test('a completed onboarding shows the confirmation of step 4 again', async () => {
    const { actor } = startWizard('plain', {
      check: async () => {
        throw refusal('onboardingComplete');
      },
    });
    await atStep(actor, 4);
  });
});

describe('continue with your password', () => {
  const needsPassword = async () => {
    throw refusal('onboardingNeedsPassword', 'Mit dieser Einladung wurde bereits ein Konto erstellt.');
  };

  test('is offered on the refusal; an empty password is refused in the browser', async () => {
    const { actor, effects } = startWizard('plain', { check: needsPassword });
    await waitFor(actor, (snapshot) => snapshot.hasTag('passwordOffer'));
    expect(actor.getSnapshot().hasTag('invitationRejected')).toBe(true);
    expect(actor.getSnapshot().context.invitationError).toBe('onboardingNeedsPassword');
    actor.send({ type: 'resume.submit' });
    expect(actor.getSnapshot().context.resumeError).toBe('passwordRequired');
    expect(effects.resumeOnboarding).not.toHaveBeenCalled();
  });

  test('the right password continues at the step the server names', async () => {
    const { actor, effects } = startWizard('plain', {
      check: needsPassword,
      resume: async () => invitation('plain', resumeAt('suppliers')),
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('passwordOffer'));
    actor.send({ type: 'resume.passwordChange', value: 'Radlager-2026' });
    actor.send({ type: 'resume.submit' });
    await atStep(actor, 3);
    expect(effects.resumeOnboarding).toHaveBeenCalledWith({ token: 't'.repeat(40), password: 'Radlager-2026' });
    expect(actor.getSnapshot().context.resumePassword).toBe('');
  });

  test('a wrong password shows the error at the field; the offer stays', async () => {
    const { actor, effects } = startWizard('plain', {
      check: needsPassword,
      resume: async () => {
        throw refusal('onboardingPasswordWrong', 'Das Passwort ist nicht korrekt.');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('passwordOffer'));
    actor.send({ type: 'resume.passwordChange', value: 'Falsch-2026' });
    actor.send({ type: 'resume.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.resumeError).toBe('onboardingPasswordWrong'));
    expect(actor.getSnapshot().matches('passwordOffered')).toBe(true);
    expect(effects.notifyFailure).toHaveBeenCalledWith('Das Passwort ist nicht korrekt.');
    actor.send({ type: 'resume.passwordChange', value: 'R' });
    expect(actor.getSnapshot().context.resumeError).toBeNull();
  });

  /** Offers the password, then the server refuses the right one with `messageId`. */
  async function resumeRefusedWith(messageId: string) {
    const started = startWizard('plain', {
      check: needsPassword,
      resume: async () => {
        throw refusal(messageId);
      },
    });
    await waitFor(started.actor, (snapshot) => snapshot.hasTag('passwordOffer'));
    started.actor.send({ type: 'resume.passwordChange', value: 'Radlager-2026' });
    started.actor.send({ type: 'resume.submit' });
    return started;
  }

  test('an onboarding finished meanwhile (the admin verified the account) shows the step 4 confirmation', async () => {
    const { actor } = await resumeRefusedWith('onboardingComplete');
    await atStep(actor, 4);
    expect(actor.getSnapshot().hasTag('passwordOffer')).toBe(false);
  });

  for (const messageId of ['tokenUsed', 'tokenInvalid'] as const) {
    test(`a revoked invitation or deactivated account (${messageId}) is refused, without the password form`, async () => {
      const { actor, effects } = await resumeRefusedWith(messageId);
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(actor.getSnapshot().matches('invitationRejected')).toBe(true);
      expect(actor.getSnapshot().hasTag('passwordOffer')).toBe(false);
      expect(actor.getSnapshot().context.invitationError).toBe(messageId);
      expect(effects.notifyFailure).not.toHaveBeenCalled();
    });
  }
});
