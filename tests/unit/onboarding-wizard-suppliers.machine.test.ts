import { describe, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { startSuppliersStep } from '../support/wizard';

async function choosing(options: Parameters<typeof startSuppliersStep>[0] = {}) {
  const started = startSuppliersStep(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches('choosing'));
  return started;
}

describe('step 3: part suppliers', () => {
  test('the global loader shows while the dealers load', async () => {
    const { effects } = await choosing();
    expect(effects.loader).toEqual(['show', 'hide']);
  });

  test('a tile toggles; deselecting clears its customer number', async () => {
    const { actor } = await choosing();
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '123' });
    expect(actor.getSnapshot().context.selected).toEqual({ 1: '123' });
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    expect(actor.getSnapshot().context.selected).toEqual({});
    actor.send({ type: 'tile.toggle', dealerId: 1 });
    expect(actor.getSnapshot().context.selected).toEqual({ 1: '' });
  });

  test('typing a customer number selects the supplier; blank after trim deselects it', async () => {
    const { actor } = await choosing();
    actor.send({ type: 'customerNo.change', dealerId: 2, value: '55' });
    expect(actor.getSnapshot().context.selected).toEqual({ 2: '55' });
    actor.send({ type: 'customerNo.change', dealerId: 2, value: '   ' });
    expect(actor.getSnapshot().context.selected).toEqual({});
  });

  test('nothing chosen: atLeastPartsSupplier; a selected tile without number: customerNoRequired on that tile', async () => {
    const { actor, effects } = await choosing();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.suppliersError).toBe('atLeastPartsSupplier');
    actor.send({ type: 'tile.toggle', dealerId: 3 });
    expect(actor.getSnapshot().context.suppliersError).toBeNull();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.tileErrors).toEqual({ 3: 'customerNoRequired' });
    actor.send({ type: 'customerNo.change', dealerId: 3, value: 'K#1' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.tileErrors).toEqual({ 3: 'customerNoInvalid' });
    actor.send({ type: 'customerNo.change', dealerId: 3, value: '1'.repeat(33) });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.tileErrors).toEqual({ 3: 'customerNoInvalid' });
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('an extra supplier the contract refuses gets its error at its row and field; continue saves nothing', async () => {
    const { actor, effects } = await choosing();
    actor.send({ type: 'addMore.toggle' });
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'Teilehaus Nord' });
    actor.send({ type: 'row.change', index: 0, field: 'customerNo', value: '9'.repeat(41) });
    actor.send({ type: 'row.add' });
    actor.send({ type: 'row.change', index: 1, field: 'partSupplier', value: 'N'.repeat(121) });
    actor.send({ type: 'row.change', index: 1, field: 'customerNo', value: 'K-1' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.rowErrors).toEqual({
      0: { customerNo: 'fieldTooLong' },
      1: { partSupplier: 'fieldTooLong' },
    });
    expect(actor.getSnapshot().context.suppliersError).toBeNull();
    actor.send({ type: 'row.change', index: 0, field: 'customerNo', value: 'K-2' });
    expect(actor.getSnapshot().context.rowErrors[0]).toEqual({});
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('a refused extra supplier does not become a tile; valid ones do', async () => {
    const { actor } = await choosing();
    actor.send({ type: 'addMore.toggle' });
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'N'.repeat(121) });
    actor.send({ type: 'row.change', index: 0, field: 'customerNo', value: 'K-1' });
    actor.send({ type: 'addMore.apply' });
    expect(actor.getSnapshot().context.additionalTiles).toEqual([]);
    expect(actor.getSnapshot().context.addMoreOpen).toBe(true);
    expect(actor.getSnapshot().context.rowErrors).toEqual({ 0: { partSupplier: 'fieldTooLong' } });
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'Teilehaus Nord' });
    actor.send({ type: 'addMore.apply' });
    expect(actor.getSnapshot().context.additionalTiles).toEqual([
      { partSupplier: 'Teilehaus Nord', customerNo: 'K-1' },
    ]);
  });

  test('more than 50 extra suppliers: the step says so instead of doing nothing', async () => {
    const rows = Array.from({ length: 51 }, (_, index) => ({
      partSupplier: `Lieferant ${index}`,
      customerNo: `K-${index}`,
    }));
    const { actor, effects } = await choosing({
      draft: { selected: {}, additionalRows: [], additionalTiles: rows, addMoreOpen: false },
    });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.suppliersError).toBe('invalidRequest');
    expect(actor.getSnapshot().context.rowErrors).toEqual({});
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('extra rows: incomplete rows are ignored, the list keeps one row, discard empties and closes', async () => {
    const { actor } = await choosing();
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

  test('continue sends selected suppliers with their customer numbers as dealers issue them and complete extra suppliers', async () => {
    const { actor, effects } = await choosing();
    actor.send({ type: 'customerNo.change', dealerId: 1, value: 'K-10001' });
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
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(effects.saveDetails).toHaveBeenCalledWith({
      leadId: 7,
      workshopId: 11,
      details: {
        part_dealer_request: true,
        first_name: 'Max',
        part_dealer_data: [
          { part_dealer_id: 1, part_dealer_customer_number: 'K-10001' },
          { part_dealer_id: 2, part_dealer_customer_number: '678' },
        ],
        additional_part_dealer_data: [{ part_dealer_name: 'Teile Schmidt', part_dealer_customer_number: 'S-99' }],
      },
    });
  });

  test('skip is recorded on the server, clears the selected suppliers and saves nothing', async () => {
    const { actor, effects } = await choosing();
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '1' });
    actor.send({ type: 'step.skip' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.selected).toEqual({});
    expect(effects.skipStep).toHaveBeenCalledWith({ leadId: 7, workshopId: 11, step: 'suppliers' });
    expect(effects.saveDetails).not.toHaveBeenCalled();
  });

  test('a failed save stays on step 3 with the choices, tells the user, and retry works', async () => {
    const { actor, effects } = await choosing({ failSave: true });
    actor.send({ type: 'customerNo.change', dealerId: 1, value: '1' });
    actor.send({ type: 'step.next' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Keine Verbindung zum Server'));
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual({ 1: '1' });
    effects.saveDetails.mockResolvedValueOnce({ message: undefined });
    actor.send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });

  test('every choice is kept as the lead’s draft; a draft wins over what the server saved', async () => {
    const { actor, effects } = await choosing();
    actor.send({ type: 'customerNo.change', dealerId: 2, value: '4711' });
    actor.send({ type: 'addMore.toggle' });
    actor.send({ type: 'row.change', index: 0, field: 'partSupplier', value: 'Teile Nord' });
    expect(effects.drafts.at(-1)).toEqual({
      leadId: 7,
      section: {
        suppliers: {
          selected: { 2: '4711' },
          additionalRows: [{ partSupplier: 'Teile Nord', customerNo: '' }],
          additionalTiles: [],
          addMoreOpen: true,
        },
      },
    });
    const saved = {
      selected: { 1: '100' },
      additionalTiles: [{ partSupplier: 'Teile Süd', customerNo: 'S-1' }],
      additionalRows: [],
      addMoreOpen: false,
    };
    const fromServer = await choosing({ saved });
    expect(fromServer.actor.getSnapshot().context).toMatchObject({
      selected: { 1: '100' },
      additionalTiles: [{ partSupplier: 'Teile Süd', customerNo: 'S-1' }],
      additionalRows: [{ partSupplier: '', customerNo: '' }],
    });
    const draft = { ...saved, selected: { 3: '9' } };
    expect((await choosing({ saved, draft })).actor.getSnapshot().context.selected).toEqual({ 3: '9' });
  });
});
