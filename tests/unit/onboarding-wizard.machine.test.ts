import { describe, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { startWizard } from '../support/wizard';

async function atStep(actor: ReturnType<typeof startWizard>['actor'], step: 1 | 2 | 3 | 4) {
  await waitFor(actor, (snapshot) => snapshot.hasTag(`step:${step}`) && !snapshot.hasTag('busy'));
}

async function throughAccount(started: ReturnType<typeof startWizard>) {
  const { actor } = started;
  await atStep(actor, 1);
  actor.send({ type: 'account.change', field: 'firstName', value: 'Max' });
  actor.send({ type: 'account.change', field: 'lastName', value: 'Müller' });
  actor.send({ type: 'account.change', field: 'password', value: 'Radlager-2026' });
  actor.send({ type: 'account.submit' });
}

describe('invitation', () => {
  test('without a token the wizard refuses at once', () => {
    const { actor } = startWizard('plain', { token: null });
    expect(actor.getSnapshot().hasTag('invitationRejected')).toBe(true);
  });

  test('the invitation fills e-mail, workshop name and lead id (spec §3 form state)', async () => {
    const { actor } = startWizard();
    await atStep(actor, 1);
    expect(actor.getSnapshot().context.form).toMatchObject({
      email: 'max@werkstatt.de',
      workshopAccountName: 'Werkstatt Müller',
      leadId: 7,
    });
  });
});

describe('step 1: create account', () => {
  test('errors come one at a time, in the spec’s order, and clear on typing', async () => {
    const { actor, effects } = startWizard();
    await atStep(actor, 1);
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

  test('last name is not checked (spec §5)', async () => {
    const started = startWizard();
    await atStep(started.actor, 1);
    started.actor.send({ type: 'account.change', field: 'firstName', value: 'Max' });
    started.actor.send({ type: 'account.change', field: 'password', value: 'Radlager-2026' });
    started.actor.send({ type: 'account.submit' });
    await atStep(started.actor, 2);
  });

  test('plain mode sends create_workshop, stores the workshop id and the account details, then step 2', async () => {
    const started = startWizard('plain');
    await throughAccount(started);
    await atStep(started.actor, 2);
    expect(started.effects.createAccount).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'max@werkstatt.de',
        services: ['WORKSHOP'],
        company_name: 'Werkstatt Müller',
        create_workshop: true,
        first_name: 'Max',
      }),
    );
    const context = started.actor.getSnapshot().context;
    expect(context.form.createdWorkshopId).toBe(11);
    expect(context.form.password).toBe('');
    expect(context.account).toEqual({ id: 42, name: 'Max Müller', email: 'max@werkstatt.de' });
  });

  test('account-creation mode sends create_workshop_account with the lead and leaves the wizard', async () => {
    const started = startWizard('account-creation');
    await throughAccount(started);
    await waitFor(started.actor, (snapshot) => snapshot.status === 'done');
    expect(started.effects.createAccount).toHaveBeenCalledWith(
      expect.objectContaining({ create_workshop_account: true, lead_id: 7 }),
    );
    expect(started.effects.leave).toHaveBeenCalled();
  });
});

describe('step 2: master data', () => {
  test('a DMS first, then its reference number; 9999 is sent with "Anderes"', async () => {
    const started = startWizard();
    await throughAccount(started);
    await atStep(started.actor, 2);
    const { actor } = started;
    expect(actor.getSnapshot().context.dmsOptions).toHaveLength(2);
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ dmsId: 'selectDMSID' });
    actor.send({ type: 'dms.select', value: '9999' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ dmsAccountId: 'selectDMSAccId' });
    actor.send({ type: 'dmsAccount.change', value: ' K-4711 ' });
    actor.send({ type: 'step.next' });
    await atStep(actor, 3);
    expect(started.effects.saveDetails).toHaveBeenCalledWith({
      leadId: 7,
      workshopId: 11,
      details: { token: 't'.repeat(40), dms_id: 9999, dms_account_id: 'K-4711', additional_dms_name: 'Anderes' },
    });
  });

  test('skip goes to step 3 without saving', async () => {
    const started = startWizard();
    await throughAccount(started);
    await atStep(started.actor, 2);
    started.actor.send({ type: 'step.skip' });
    await atStep(started.actor, 3);
    expect(started.effects.saveDetails).not.toHaveBeenCalled();
  });
});

describe('step 3: part suppliers', () => {
  async function atSuppliers(options: { failSave?: boolean } = {}) {
    const started = startWizard('plain', options);
    await throughAccount(started);
    await atStep(started.actor, 2);
    started.actor.send({ type: 'step.skip' });
    await atStep(started.actor, 3);
    return started;
  }

  test('the global loader shows while the dealers load', async () => {
    const { effects } = await atSuppliers();
    expect(effects.loader).toEqual(['show', 'hide']);
  });

  test('a tile toggles; deselecting clears its customer number', async () => {
    const { actor } = await atSuppliers();
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '123' });
    expect(actor.getSnapshot().context.selected).toEqual({ 1: '123' });
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    expect(actor.getSnapshot().context.selected).toEqual({});
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    expect(actor.getSnapshot().context.selected).toEqual({ 1: '' });
  });

  test('typing a customer number selects the supplier; blank after trim deselects it', async () => {
    const { actor } = await atSuppliers();
    actor.send({ type: 'customerNo.change', dealerId: 2, value: '55' });
    expect(actor.getSnapshot().context.selected).toEqual({ 2: '55' });
    actor.send({ type: 'customerNo.change', dealerId: 2, value: '   ' });
    expect(actor.getSnapshot().context.selected).toEqual({});
  });

  test('nothing chosen: atLeastPartsSupplier; a selected tile without number: customerNoRequired on that tile', async () => {
    const { actor, effects } = await atSuppliers();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.suppliersError).toBe('atLeastPartsSupplier');
    actor.send({ type: 'tile.toggle', dealerId: 3 });
    expect(actor.getSnapshot().context.suppliersError).toBeNull();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.tileErrors).toEqual({ 3: 'customerNoRequired' });
    actor.send({ type: 'customerNo.change', dealerId: 3, value: 'abc' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.tileErrors).toEqual({ 3: 'customerNoInvalid' });
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('extra rows: incomplete rows are ignored, the list keeps one row, discard empties and closes', async () => {
    const { actor } = await atSuppliers();
    actor.send({ type: 'addMore.toggle' });
    expect(actor.getSnapshot().context.addMoreOpen).toBe(true);
    actor.send({ type: 'row.remove', index: 0 });
    expect(actor.getSnapshot().context.additionalRows).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'row.remove', index: 0 })).toBe(false);
    actor.send({ type: 'row.add' });
    expect(actor.getSnapshot().can({ type: 'row.remove', index: 0 })).toBe(true);
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'Teile Schmidt' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.suppliersError).toBe('atLeastPartsSupplier');
    actor.send({ type: 'addMore.discard' });
    expect(actor.getSnapshot().context).toMatchObject({
      addMoreOpen: false,
      additionalRows: [{ partSupplier: '', customerNo: '' }],
    });
  });

  test('continue sends selected suppliers with numeric customer numbers and complete extra suppliers', async () => {
    const { actor, effects } = await atSuppliers();
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '12345' });
    actor.send({ type: 'customerNo.change', dealerId: 2, value: ' 678 ' });
    actor.send({ type: 'addMore.toggle' });
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'Teile Schmidt' });
    actor.send({ type: 'row.change', index: 0, field: 'customerNo', value: 'S-99' });
    actor.send({ type: 'row.add' });
    actor.send({ type: 'row.change', index: 1, field: 'partSupplier', value: 'Ohne Nummer' });
    actor.send({ type: 'addMore.apply' });
    expect(actor.getSnapshot().context.additionalTiles).toEqual([
      { partSupplier: 'Teile Schmidt', customerNo: 'S-99' },
    ]);
    actor.send({ type: 'step.next' });
    await atStep(actor, 4);
    expect(effects.saveDetails).toHaveBeenCalledWith({
      leadId: 7,
      workshopId: 11,
      details: {
        token: 't'.repeat(40),
        part_dealer_request: true,
        first_name: 'Max',
        part_dealer_data: [
          { part_dealer_id: 1, part_dealer_customer_number: 12345 },
          { part_dealer_id: 2, part_dealer_customer_number: 678 },
        ],
        additional_part_dealer_data: [{ part_dealer_name: 'Teile Schmidt', part_dealer_customer_number: 'S-99' }],
      },
    });
  });

  test('skip clears the selected suppliers and goes to step 4', async () => {
    const { actor, effects } = await atSuppliers();
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '1' });
    actor.send({ type: 'step.skip' });
    await atStep(actor, 4);
    expect(actor.getSnapshot().context.selected).toEqual({});
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('a failed save stays on step 3 and tells the user', async () => {
    const { actor, effects } = await atSuppliers({ failSave: true });
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '1' });
    actor.send({ type: 'step.next' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Speichern fehlgeschlagen'));
    expect(actor.getSnapshot().hasTag('step:3')).toBe(true);
  });
});

test('step 4: close returns to the start page', async () => {
  const started = startWizard();
  await throughAccount(started);
  await atStep(started.actor, 2);
  started.actor.send({ type: 'step.skip' });
  await atStep(started.actor, 3);
  started.actor.send({ type: 'step.skip' });
  await atStep(started.actor, 4);
  started.actor.send({ type: 'wizard.close' });
  expect(started.effects.navigate).toHaveBeenCalledWith('/');
  expect(started.actor.getSnapshot().status).toBe('done');
});
