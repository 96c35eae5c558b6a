import { expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FitmentLookupItem } from '../../common/contracts/fitment';
import type { SupplierList } from '../../common/contracts/suppliers';
import type { InquiryCreate } from '../../common/contracts/trading';
import { newInquiryMachine, type SentInquiry } from '../../machines/new-inquiry.machine';
import {
  chosenRecipients,
  type FitmentQuery,
  lineFitment,
  type NewInquiryDraft,
} from '../../machines/new-inquiry-form';
import { apiFailure } from '../support/failures';
import { quotedInquiry, supplierList } from '../support/workshop-inquiry-fixtures';

const draft: NewInquiryDraft = {
  vehicle: { vin: '', hsn: '0603', tsn: 'BKY', description: 'Golf 7' },
  lines: [
    { part_number: '1K0 615 301 AA', description: '', quantity: '2', note: '' },
    { part_number: '', description: 'Ölfilter', quantity: '1', note: 'Original' },
  ],
  recipients: [22, 23],
  closes_in_minutes: 240,
  workshop_reference: 'Auftrag 4711',
};

function start(
  options: {
    draft?: NewInquiryDraft | null;
    list?: SupplierList | Error;
    send?: (body: InquiryCreate) => Promise<SentInquiry>;
    fitment?: (query: FitmentQuery) => Promise<FitmentLookupItem[]>;
  } = {},
) {
  const fakes = {
    saveDraft: vi.fn(),
    clearDraft: vi.fn(),
    notifySuccess: vi.fn(),
    showInquiry: vi.fn(),
    createInquiry: vi.fn(
      options.send ?? (async () => ({ inquiry: quotedInquiry({ id: 91, status: 'sent' }), message: 'Sent.' })),
    ),
    lookupFitment: vi.fn(options.fitment ?? (async (_query: FitmentQuery): Promise<FitmentLookupItem[]> => [])),
  };
  const machine = newInquiryMachine.provide({
    actors: {
      loadSuppliers: fromPromise(async () => {
        const list = options.list ?? supplierList;
        if (list instanceof Error) throw list;
        return list;
      }),
      createInquiry: fromPromise(({ input }) => fakes.createInquiry(input)),
      lookupFitment: fromPromise(({ input }) => fakes.lookupFitment(input)),
    },
    // No waiting in unit tests: the pause before a lookup is a tick.
    delays: { fitmentDebounce: 0 },
    actions: {
      saveDraft: (_, value) => fakes.saveDraft(value),
      clearDraft: () => fakes.clearDraft(),
      notifySuccess: (_, { message }) => fakes.notifySuccess(message),
      showInquiry: (_, { inquiryId }) => fakes.showInquiry(inquiryId),
    },
  });
  const actor = createActor(machine, { input: { draft: options.draft ?? null } });
  actor.start();
  return { actor, fakes };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('loads the active dealers only and chooses all of them by default, with a two-hour closing time', async () => {
  const { actor } = start();
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await settled();
  const snapshot = actor.getSnapshot();
  expect(snapshot.matches('editing')).toBe(true);
  expect(snapshot.context.dealers.map((dealer) => dealer.id)).toEqual([21, 22]);
  expect(snapshot.context.recipients).toBeNull();
  expect(snapshot.context.closesInMinutes).toBe(120);
  expect(snapshot.context.lines).toHaveLength(1);
});

test('without an active dealer there is no form: the screen explains instead', async () => {
  const { actor } = start({
    list: { relations: supplierList.relations.filter((relation) => relation.status !== 'active'), additional: [] },
  });
  await settled();
  expect(actor.getSnapshot().matches('noActiveDealer')).toBe(true);
  expect(actor.getSnapshot().can({ type: 'inquiry.send' })).toBe(false);
});

test('a failed load is shown with a retry', async () => {
  let fail = true;
  const machine = newInquiryMachine.provide({
    actors: {
      loadSuppliers: fromPromise(async () => {
        if (fail) throw apiFailure('No connection to the server', 'networkError');
        return supplierList;
      }),
    },
  });
  const actor = createActor(machine, { input: { draft: null } }).start();
  await settled();
  expect(actor.getSnapshot().matches('failed')).toBe(true);
  expect(actor.getSnapshot().context.loadError).toBe('No connection to the server');
  fail = false;
  actor.send({ type: 'suppliers.retry' });
  await settled();
  expect(actor.getSnapshot().matches('editing')).toBe(true);
});

test('a restored draft fills the form; a dealer no longer active is not among the recipients', async () => {
  const { actor } = start({ draft });
  await settled();
  const { context } = actor.getSnapshot();
  expect(context.vehicle).toEqual(draft.vehicle);
  expect(context.lines.map(({ key: _key, ...line }) => line)).toEqual(draft.lines);
  expect(context.closesInMinutes).toBe(240);
  expect(context.restoredDraft).toEqual(draft);
  expect(chosenRecipients(context)).toEqual([22]);
});

test('every change is kept as a draft', async () => {
  const { actor, fakes } = start();
  await settled();
  actor.send({ type: 'vehicle.change', field: 'description', value: 'Golf 7 1.6 TDI' });
  expect(fakes.saveDraft).toHaveBeenLastCalledWith(
    expect.objectContaining({ vehicle: { vin: '', hsn: '', tsn: '', description: 'Golf 7 1.6 TDI' } }),
  );
  const key = actor.getSnapshot().context.lines[0]?.key ?? -1;
  actor.send({ type: 'line.change', key, field: 'part_number', value: '1K0 615 301 AA' });
  actor.send({ type: 'line.add' });
  actor.send({ type: 'recipient.toggle', relationId: 21 });
  actor.send({ type: 'closing.change', minutes: 30 });
  actor.send({ type: 'reference.change', value: 'HH-AB 123' });
  expect(fakes.saveDraft).toHaveBeenCalledTimes(6);
  expect(fakes.saveDraft).toHaveBeenLastCalledWith({
    vehicle: { vin: '', hsn: '', tsn: '', description: 'Golf 7 1.6 TDI' },
    lines: [
      { part_number: '1K0 615 301 AA', description: '', quantity: '1', note: '' },
      { part_number: '', description: '', quantity: '1', note: '' },
    ],
    recipients: [22],
    closes_in_minutes: 30,
    workshop_reference: 'HH-AB 123',
  });
});

test('the contract decides what is missing; the messages sit at their fields', async () => {
  const { actor, fakes } = start();
  await settled();
  actor.send({ type: 'inquiry.send' });
  let snapshot = actor.getSnapshot();
  expect(snapshot.matches('editing')).toBe(true);
  expect(snapshot.context.errors).toEqual({
    'vehicle.vin': 'vehicleRequired',
    'lines.0': 'lineNeedsPartOrDescription',
  });
  expect(snapshot.context.attempts).toBe(1);

  actor.send({ type: 'vehicle.change', field: 'vin', value: 'WVWZZZ1KZAW00000I' });
  actor.send({ type: 'vehicle.change', field: 'hsn', value: '0603' });
  const key = snapshot.context.lines[0]?.key ?? -1;
  actor.send({ type: 'line.change', key, field: 'description', value: 'Bremsscheibe' });
  actor.send({ type: 'line.change', key, field: 'quantity', value: 'zwei' });
  actor.send({ type: 'recipient.toggle', relationId: 21 });
  actor.send({ type: 'recipient.toggle', relationId: 22 });
  actor.send({ type: 'inquiry.send' });
  snapshot = actor.getSnapshot();
  expect(snapshot.context.errors).toEqual({
    'vehicle.vin': 'vinInvalid',
    'vehicle.hsn': 'hsnTsnInvalid',
    'lines.0.quantity': 'quantityInvalid',
    recipients: 'recipientsRequired',
  });
  expect(snapshot.context.attempts).toBe(2);
  expect(fakes.createInquiry).not.toHaveBeenCalled();

  // Correcting a field takes its message away; the others stay until the next send.
  actor.send({ type: 'line.change', key, field: 'quantity', value: '2' });
  expect(actor.getSnapshot().context.errors['lines.0.quantity']).toBeUndefined();
  expect(actor.getSnapshot().context.errors.recipients).toBe('recipientsRequired');
});

test('a line is added and removed, never the last one', async () => {
  const { actor } = start();
  await settled();
  const first = actor.getSnapshot().context.lines[0]?.key ?? -1;
  expect(actor.getSnapshot().can({ type: 'line.remove', key: first })).toBe(false);
  actor.send({ type: 'line.add' });
  expect(actor.getSnapshot().context.lines).toHaveLength(2);
  actor.send({ type: 'line.remove', key: first });
  expect(actor.getSnapshot().context.lines).toHaveLength(1);
  expect(actor.getSnapshot().context.lines[0]?.key).not.toBe(first);
});

test('sending posts the contract body, clears the draft, notifies and shows the new inquiry', async () => {
  const { actor, fakes } = start({ draft });
  await settled();
  actor.send({ type: 'inquiry.send' });
  await settled();
  expect(fakes.createInquiry).toHaveBeenCalledWith({
    vehicle: draft.vehicle,
    lines: [
      { part_number: '1K0 615 301 AA', description: '', quantity: 2, note: '' },
      { part_number: '', description: 'Ölfilter', quantity: 1, note: 'Original' },
    ],
    recipient_relation_ids: [22],
    closes_in_minutes: 240,
    workshop_reference: 'Auftrag 4711',
  });
  expect(actor.getSnapshot().matches('sent')).toBe(true);
  expect(fakes.clearDraft).toHaveBeenCalledOnce();
  expect(fakes.notifySuccess).toHaveBeenCalledWith('Sent.');
  expect(fakes.showInquiry).toHaveBeenCalledWith(91);
});

test('a refused send keeps the form and the draft and says why', async () => {
  const { actor, fakes } = start({
    draft,
    send: async () => {
      throw apiFailure('Ein Händler ist nicht mehr aktiv.', 'recipientNotActive', 'recipient_relation_ids');
    },
  });
  await settled();
  actor.send({ type: 'inquiry.send' });
  await settled();
  const snapshot = actor.getSnapshot();
  expect(snapshot.matches('editing')).toBe(true);
  expect(snapshot.context.failure).toEqual({
    messageId: 'recipientNotActive',
    message: 'Ein Händler ist nicht mehr aktiv.',
  });
  expect(snapshot.context.vehicle).toEqual(draft.vehicle);
  expect(fakes.clearDraft).not.toHaveBeenCalled();
  expect(fakes.showInquiry).not.toHaveBeenCalled();
});

test('discarding the restored draft empties the form and the storage', async () => {
  const { actor, fakes } = start({ draft });
  await settled();
  actor.send({ type: 'draft.discard' });
  const { context } = actor.getSnapshot();
  expect(context.vehicle).toEqual({ vin: '', hsn: '', tsn: '', description: '' });
  expect(context.lines).toHaveLength(1);
  expect(context.recipients).toBeNull();
  expect(context.restoredDraft).toBeNull();
  expect(fakes.clearDraft).toHaveBeenCalledOnce();
});

test('learned fitment is asked for the typed parts once typing pauses, and only with a vehicle type', async () => {
  const { actor, fakes } = start({
    fitment: async () => [{ part_number_normalised: '1K0615301AA', kept: 3, not_fitting: 1 }],
  });
  await settled();
  // No vehicle type yet: a part alone asks nothing.
  actor.send({ type: 'line.change', key: 0, field: 'part_number', value: '1K0 615 301 AA' });
  await settled();
  await settled();
  expect(fakes.lookupFitment).not.toHaveBeenCalled();
  // A burst of keys in the VIN makes one request, for the type and the normalised part.
  for (const vin of ['WVWZZZ1KZ6W00012', 'WVWZZZ1KZ6W000123'])
    actor.send({ type: 'vehicle.change', field: 'vin', value: vin });
  await settled();
  await settled();
  expect(fakes.lookupFitment).toHaveBeenCalledTimes(1);
  expect(fakes.lookupFitment).toHaveBeenCalledWith({
    vin: 'WVWZZZ1KZ6W000123',
    hsn: '',
    tsn: '',
    parts: '1K0615301AA',
  });
  const { context } = actor.getSnapshot();
  expect(lineFitment(context.fitment, '1k0-615-301-aa')).toEqual({ kept: 3, not_fitting: 1 });
  expect(lineFitment(context.fitment, '5Q0 615 301 F')).toBeNull();
  // Without a vehicle type again, the hints go.
  actor.send({ type: 'vehicle.change', field: 'vin', value: '' });
  await settled();
  await settled();
  expect(actor.getSnapshot().context.fitment).toEqual({});
});

test('a restored draft asks at once; a failed lookup leaves the form as it is', async () => {
  const { actor, fakes } = start({
    draft,
    fitment: async () => {
      throw apiFailure('No connection to the server', 'networkError');
    },
  });
  await settled();
  await settled();
  expect(fakes.lookupFitment).toHaveBeenCalledWith({ vin: '', hsn: '0603', tsn: 'BKY', parts: '1K0615301AA' });
  const snapshot = actor.getSnapshot();
  expect(snapshot.matches('editing')).toBe(true);
  expect(snapshot.context.fitment).toEqual({});
  expect(snapshot.context.failure).toBeNull();
});

test('a reference over 80 characters is shown at its field and nothing is sent; typing clears the message', async () => {
  const { actor, fakes } = start({ draft });
  await settled();
  actor.send({ type: 'reference.change', value: 'x'.repeat(81) });
  actor.send({ type: 'inquiry.send' });
  await settled();
  expect(fakes.createInquiry).not.toHaveBeenCalled();
  expect(actor.getSnapshot().context.errors).toEqual({ reference: 'fieldTooLong' });
  actor.send({ type: 'reference.change', value: 'x'.repeat(80) });
  expect(actor.getSnapshot().context.errors).toEqual({});
});
