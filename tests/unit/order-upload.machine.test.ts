import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SupplierList } from '../../common/contracts/suppliers';
import { INQUIRY_MAX_LINES } from '../../common/contracts/trading';
import type { UploadLayout, UploadLayoutSave } from '../../common/contracts/upload-layouts';
import type { OrderFileReadResult, OrderFileTable } from '../../common/upload/order-file';
import { newInquiryMachine } from '../../machines/new-inquiry.machine';
import { lineCapacity } from '../../machines/new-inquiry-form';
import { confirmBlocker, keptLines, orderUploadMachine } from '../../machines/order-upload.machine';
import { apiFailure } from '../support/failures';
import { supplierList } from '../support/workshop-inquiry-fixtures';

const table: OrderFileTable = {
  kind: 'csv',
  header: ['Pos', 'Teilenummer', 'Bezeichnung', 'Menge', 'Preis'],
  rows: [
    ['1', '1K0 615 301 AA', 'Bremsscheibe', '2 Stk', '89,90 €'],
    ['2', '03L 115 562', 'Ölfilter', '1,5', '12,50'],
    ['3', '', 'Zwischensumme', '', ''],
  ],
  shape: 'csv|5|pos;teilenummer;bezeichnung;menge;preis',
  pages: 1,
};

const file = (name = 'bestellung.csv') => new File(['x'], name);

const savedLayout = (roles: UploadLayout['roles'], name = 'Hauslayout'): UploadLayout => ({
  id: 1,
  name,
  kind: 'csv',
  shape: table.shape,
  roles,
  updated_at: '2026-11-01T10:00:00.000Z',
});

function start(
  options: {
    read?: OrderFileReadResult | Error;
    layouts?: UploadLayout[] | Error;
    save?: (layout: UploadLayoutSave) => Promise<UploadLayout>;
    capacity?: number;
  } = {},
) {
  const deliverLines = vi.fn();
  const saveLayout = vi.fn(
    options.save ?? (async (layout: UploadLayoutSave) => ({ ...savedLayout(layout.roles), name: layout.name })),
  );
  const machine = orderUploadMachine.provide({
    actors: {
      readOrderFile: fromPromise(async () => {
        const result = options.read ?? { ok: true, table };
        if (result instanceof Error) throw result;
        return result;
      }),
      loadLayouts: fromPromise(async () => {
        const layouts = options.layouts ?? [];
        if (layouts instanceof Error) throw layouts;
        return layouts;
      }),
      saveLayout: fromPromise(({ input }) => saveLayout(input)),
    },
    actions: { deliverLines: (_, lines) => deliverLines(lines) },
  });
  const actor = createActor(machine, {
    input: { capacity: options.capacity ?? INQUIRY_MAX_LINES, mapping: { priceNote: (cents) => `Preis: ${cents}` } },
  });
  actor.start();
  return { actor, deliverLines, saveLayout };
}

async function mapped(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  started.actor.send({ type: 'file.choose', file: file() });
  await waitFor(started.actor, (snapshot) => snapshot.matches({ mapping: 'ready' }));
  return started;
}

describe('order upload', () => {
  test('a read file is previewed with the guessed mapping; nothing is delivered before confirming', async () => {
    const { actor, deliverLines } = await mapped();
    const { context } = actor.getSnapshot();
    expect(context.roles).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'price']);
    expect(context.lines.map((line) => Object.keys(line.problems))).toEqual([[], ['quantity'], ['quantity']]);
    expect(confirmBlocker(context)).toBe('invalidLines');
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().matches('mapping')).toBe(true);
    expect(deliverLines).not.toHaveBeenCalled();
  });

  test('fixing a cell and dropping a line make the lines valid; confirming hands them over', async () => {
    const { actor, deliverLines } = await mapped();
    actor.send({ type: 'cell.change', row: 1, column: 3, value: '2' });
    actor.send({ type: 'line.drop', row: 2 });
    expect(keptLines(actor.getSnapshot().context).map((line) => line.row)).toEqual([0, 1]);
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(deliverLines).toHaveBeenCalledWith([
      { part_number: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: '2', note: 'Preis: 8990' },
      { part_number: '03L 115 562', description: 'Ölfilter', quantity: '2', note: 'Preis: 1250' },
    ]);
  });

  test('a dropped line can be restored, and then blocks again', async () => {
    const { actor } = await mapped();
    actor.send({ type: 'cell.change', row: 1, column: 3, value: '2' });
    actor.send({ type: 'line.drop', row: 2 });
    expect(confirmBlocker(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'line.restore', row: 2 });
    expect(confirmBlocker(actor.getSnapshot().context)).toBe('invalidLines');
  });

  test('without a part number or description column nothing can be taken over', async () => {
    const { actor } = await mapped();
    actor.send({ type: 'role.assign', column: 1, role: 'ignore' });
    actor.send({ type: 'role.assign', column: 2, role: 'ignore' });
    expect(confirmBlocker(actor.getSnapshot().context)).toBe('noPartColumn');
    actor.send({ type: 'role.assign', column: 2, role: 'partNumber' });
    expect(actor.getSnapshot().context.lines[0]?.line.part_number).toBe('Bremsscheibe');
  });

  test('more lines than the form takes: the person drops those beyond', async () => {
    const { actor } = await mapped({ capacity: 1 });
    actor.send({ type: 'cell.change', row: 1, column: 3, value: '2' });
    actor.send({ type: 'cell.change', row: 2, column: 3, value: '1' });
    expect(confirmBlocker(actor.getSnapshot().context)).toBe('tooManyLines');
    actor.send({ type: 'lines.dropBeyondCapacity' });
    expect(actor.getSnapshot().context.dropped).toEqual([1, 2]);
    expect(confirmBlocker(actor.getSnapshot().context)).toBeNull();
  });

  test.each([
    [{ ok: false, failure: 'imagesOnlyPdf' } as const, 'imagesOnlyPdf'],
    [{ ok: false, failure: 'tooLarge' } as const, 'tooLarge'],
    [new Error('worker crashed'), 'unreadable'],
  ])('a file that cannot be read changes nothing and says why (%#)', async (read, failure) => {
    const { actor, deliverLines } = start({ read });
    actor.send({ type: 'file.choose', file: file('scan.pdf') });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe(failure);
    expect(actor.getSnapshot().context.table).toBeNull();
    expect(deliverLines).not.toHaveBeenCalled();
  });

  test('after a failure another file can be chosen', async () => {
    let result: OrderFileReadResult = { ok: false, failure: 'empty' };
    const machine = orderUploadMachine.provide({
      actors: {
        readOrderFile: fromPromise(async () => result),
        loadLayouts: fromPromise(async (): Promise<UploadLayout[]> => []),
      },
    });
    const actor = createActor(machine, { input: { capacity: 100, mapping: { priceNote: String } } }).start();
    actor.send({ type: 'file.choose', file: file() });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    result = { ok: true, table };
    actor.send({ type: 'file.choose', file: file() });
    await waitFor(actor, (snapshot) => snapshot.matches({ mapping: 'ready' }));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  test('a layout saved for this shape is applied, and can be undone to the guess', async () => {
    const roles = ['ignore', 'description', 'partNumber', 'quantity', 'ignore'] as const;
    const { actor } = await mapped({
      layouts: [savedLayout([...roles], 'Alt'), { ...savedLayout([...roles]), updated_at: '2026-11-20T10:00:00.000Z' }],
    });
    expect(actor.getSnapshot().context.roles).toEqual(roles);
    expect(actor.getSnapshot().context.appliedLayout?.name).toBe('Hauslayout');
    actor.send({ type: 'layout.revert' });
    expect(actor.getSnapshot().context.roles).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'price']);
    expect(actor.getSnapshot().context.appliedLayout).toBeNull();
  });

  test('a layout of another width, or layouts that fail to load, leave the guess', async () => {
    const narrow = await mapped({ layouts: [savedLayout(['partNumber'])] });
    expect(narrow.actor.getSnapshot().context.appliedLayout).toBeNull();
    const failing = await mapped({ layouts: new Error('offline') });
    expect(failing.actor.getSnapshot().context.roles).toEqual([
      'ignore',
      'partNumber',
      'description',
      'quantity',
      'price',
    ]);
  });

  test('the mapping is saved as a named layout; a refusal is shown and the preview stays', async () => {
    const { actor, saveLayout } = await mapped();
    actor.send({ type: 'layout.save' });
    expect(saveLayout).not.toHaveBeenCalled();
    actor.send({ type: 'layout.nameChange', name: '  Bosch  ' });
    actor.send({ type: 'layout.save' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ mapping: 'ready' }) && snapshot.context.savedLayoutName !== null,
    );
    expect(saveLayout).toHaveBeenCalledWith({
      name: 'Bosch',
      kind: 'csv',
      shape: table.shape,
      roles: ['ignore', 'partNumber', 'description', 'quantity', 'price'],
    });

    const refused = await mapped({
      save: async () => {
        throw apiFailure('Zu viele Layouts.', 'tooManyLayouts');
      },
    });
    refused.actor.send({ type: 'layout.nameChange', name: 'X' });
    refused.actor.send({ type: 'layout.save' });
    await waitFor(refused.actor, (snapshot) => snapshot.context.layoutSaveFailure !== null);
    expect(refused.actor.getSnapshot().context.layoutSaveFailure?.messageId).toBe('tooManyLayouts');
    expect(refused.actor.getSnapshot().matches({ mapping: 'ready' })).toBe(true);
  });

  test('cancel ends the flow from every state without delivering', async () => {
    const reading = start({ read: new Promise<never>(() => {}) as unknown as Error });
    reading.actor.send({ type: 'upload.cancel' });
    expect(reading.actor.getSnapshot().matches('cancelled')).toBe(true);
    const { actor, deliverLines } = await mapped();
    actor.send({ type: 'upload.cancel' });
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(deliverLines).not.toHaveBeenCalled();
  });
});

describe('lines imported into the new inquiry', () => {
  async function editingForm() {
    const saveDraft = vi.fn();
    const machine = newInquiryMachine.provide({
      actors: { loadSuppliers: fromPromise(async (): Promise<SupplierList> => supplierList) },
      actions: { saveDraft: (_, draft) => saveDraft(draft) },
    });
    const actor = createActor(machine, { input: { draft: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    return { actor, saveDraft };
  }
  const imported = [
    { part_number: 'A1', description: '', quantity: '2', note: 'Preis laut Datei: 1,00 €' },
    { part_number: '', description: 'Ölfilter', quantity: '1', note: '' },
  ];

  test('they replace the untouched first line and the draft is saved', async () => {
    const { actor, saveDraft } = await editingForm();
    actor.send({ type: 'lines.imported', lines: imported });
    expect(actor.getSnapshot().context.lines.map(({ key: _key, ...line }) => line)).toEqual(imported);
    expect(saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ lines: imported }));
    // Keys stay unique after the import.
    const keys = actor.getSnapshot().context.lines.map((line) => line.key);
    actor.send({ type: 'line.add' });
    expect(new Set([...keys, actor.getSnapshot().context.nextKey - 1]).size).toBe(3);
  });

  test('they follow lines the person has written', async () => {
    const { actor } = await editingForm();
    const [first] = actor.getSnapshot().context.lines;
    actor.send({ type: 'line.change', key: first?.key ?? 0, field: 'part_number', value: 'Z9' });
    expect(lineCapacity(actor.getSnapshot().context.lines)).toBe(INQUIRY_MAX_LINES - 1);
    actor.send({ type: 'lines.imported', lines: imported });
    expect(actor.getSnapshot().context.lines.map((line) => line.part_number)).toEqual(['Z9', 'A1', '']);
  });

  test('more lines than the inquiry takes are refused as a whole', async () => {
    const { actor, saveDraft } = await editingForm();
    saveDraft.mockClear();
    const tooMany = Array.from({ length: INQUIRY_MAX_LINES + 1 }, () => imported[0] as (typeof imported)[number]);
    actor.send({ type: 'lines.imported', lines: tooMany });
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
    expect(saveDraft).not.toHaveBeenCalled();
  });
});
