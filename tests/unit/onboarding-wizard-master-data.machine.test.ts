import { describe, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { startMasterDataStep } from '../support/wizard';

async function editing(started: ReturnType<typeof startMasterDataStep>) {
  await waitFor(started.actor, (snapshot) => snapshot.matches('editing'));
  return started;
}

describe('step 2: master data', () => {
  test('a DMS first, then its reference number; 9999 is sent with "Anderes"', async () => {
    const { actor, effects } = await editing(startMasterDataStep());
    expect(actor.getSnapshot().context.dmsOptions).toHaveLength(2);
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ dmsId: 'selectDMSID' });
    actor.send({ type: 'dms.select', value: '9999' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ dmsAccountId: 'selectDMSAccId' });
    actor.send({ type: 'dmsAccount.change', value: ' K-4711 ' });
    actor.send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.saveDetails).toHaveBeenCalledWith({
      leadId: 7,
      workshopId: 11,
      details: { dms_id: 9999, dms_account_id: 'K-4711', additional_dms_name: 'Anderes' },
    });
  });

  test('skip is recorded on the server without saving details', async () => {
    const { actor, effects } = await editing(startMasterDataStep());
    actor.send({ type: 'step.skip' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.skipStep).toHaveBeenCalledWith({ leadId: 7, workshopId: 11, step: 'master-data' });
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('what is typed is kept as the lead’s draft; a draft wins over what the server saved', async () => {
    const { actor, effects } = await editing(startMasterDataStep());
    actor.send({ type: 'dms.select', value: '1' });
    actor.send({ type: 'dmsAccount.change', value: 'W-17' });
    expect(effects.drafts.at(-1)).toEqual({ leadId: 7, section: { masterData: { dmsId: '1', dmsAccountId: 'W-17' } } });
    const saved = { dmsId: '9999', dmsAccountId: 'K-1' };
    expect(startMasterDataStep({ saved }).actor.getSnapshot().context.form).toEqual(saved);
    expect(
      startMasterDataStep({ saved, draft: { dmsId: '1', dmsAccountId: 'W-17' } }).actor.getSnapshot().context.form,
    ).toEqual({ dmsId: '1', dmsAccountId: 'W-17' });
  });

  test('a dropped connection while saving: the message shows, the input stays, retry works', async () => {
    const { actor, effects } = await editing(startMasterDataStep({ failSave: true }));
    actor.send({ type: 'dms.select', value: '1' });
    actor.send({ type: 'dmsAccount.change', value: 'W-17' });
    actor.send({ type: 'step.next' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Keine Verbindung zum Server'));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual({ dmsId: '1', dmsAccountId: 'W-17' });
    effects.saveDetails.mockResolvedValueOnce({ message: undefined });
    actor.send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.saveDetails).toHaveBeenCalledTimes(2);
  });

  test('a failed skip keeps the step', async () => {
    const { actor, effects } = await editing(startMasterDataStep());
    effects.skipStep.mockRejectedValueOnce(new Error('Keine Verbindung'));
    actor.send({ type: 'step.skip' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Keine Verbindung'));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});
