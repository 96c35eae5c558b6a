import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  SupplierDirectoryEntry,
  SupplierDirectoryPage,
  SupplierDirectoryQuery,
  SupplierList,
  SupplierRelation,
} from '../../common/contracts/suppliers';
import {
  type AddRelationInput,
  type ChangeResult,
  canEditNumber,
  DIRECTORY_DEBOUNCE_MS,
  type RemoveSupplierInput,
  type SaveNumberInput,
  workshopSuppliersMachine,
} from '../../machines/workshop-suppliers.machine';

const aRelation = (overrides: Partial<SupplierRelation> = {}): SupplierRelation => ({
  id: 11,
  part_dealer_id: 1,
  dealer_name: 'WM SE',
  logo_url: null,
  city: null,
  on_portal: false,
  customer_number: '111',
  status: 'requested',
  decline_reason: null,
  ...overrides,
});
const aDealer = (overrides: Partial<SupplierDirectoryEntry> = {}): SupplierDirectoryEntry => ({
  part_dealer_id: 1001,
  name: 'Ostsee Teile',
  logo_url: null,
  on_portal: true,
  city: 'Kiel',
  brands: ['Volvo'],
  delivery_area: 'Schleswig-Holstein',
  related: false,
  ...overrides,
});
const list: SupplierList = {
  relations: [aRelation()],
  additional: [{ id: 5, name: 'Teile Schmidt', customer_number: 'S-99' }],
};
const refusal = (messageId: string, field: string | null = null) =>
  Object.assign(new Error(`text of ${messageId}`), { messageId, field });

function start(
  fakes: {
    load?: () => Promise<SupplierList>;
    search?: (query: SupplierDirectoryQuery) => Promise<SupplierDirectoryPage>;
    save?: (input: SaveNumberInput) => Promise<ChangeResult>;
    add?: (input: AddRelationInput) => Promise<ChangeResult>;
    remove?: (input: RemoveSupplierInput) => Promise<ChangeResult>;
  } = {},
) {
  const effects = {
    load: vi.fn(fakes.load ?? (async () => list)),
    search: vi.fn(
      fakes.search ??
        (async (query: SupplierDirectoryQuery) => ({ items: [aDealer()], total: 1, page: query.page, page_size: 10 })),
    ),
    save: vi.fn(fakes.save ?? (async () => ({ message: 'saved' }))),
    add: vi.fn(fakes.add ?? (async () => ({ message: 'requested' }))),
    remove: vi.fn(fakes.remove ?? (async () => ({ message: 'removed' }))),
    notifySuccess: vi.fn(),
  };
  const actor = createActor(
    workshopSuppliersMachine.provide({
      actors: {
        loadSuppliers: fromPromise(() => effects.load()),
        searchDirectory: fromPromise(({ input }) => effects.search(input)),
        saveNumber: fromPromise(({ input }) => effects.save(input)),
        addRelation: fromPromise(({ input }) => effects.add(input)),
        removeSupplier: fromPromise(({ input }) => effects.remove(input)),
      },
      actions: { notifySuccess: (_, { message }) => effects.notifySuccess(message) },
    }),
  ).start();
  return { actor, effects };
}

type SuppliersActor = ReturnType<typeof start>['actor'];
const settled = async (
  actor: SuppliersActor,
  state: Parameters<ReturnType<SuppliersActor['getSnapshot']>['matches']>[0],
) => vi.waitFor(() => expect(actor.getSnapshot().matches(state)).toBe(true));

describe('loading', () => {
  test('loads the list, and a failed load offers a retry that loads again', async () => {
    let fail = true;
    const { actor, effects } = start({
      load: async () => {
        if (fail) throw refusal('networkError');
        return list;
      },
    });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.loadError).toBe('text of networkError');
    fail = false;
    actor.send({ type: 'list.retry' });
    await settled(actor, 'ready');
    expect(actor.getSnapshot().context.list).toEqual(list);
    expect(effects.load).toHaveBeenCalledTimes(2);
  });
});

describe('editing a number', () => {
  test('checks the wizard’s rule before sending, saves, notifies and reloads the list', async () => {
    const { actor, effects } = start();
    await settled(actor, 'ready');
    actor.send({ type: 'edit.start', supplier: { kind: 'relation', id: 11, name: 'WM SE' }, value: '111' });
    actor.send({ type: 'edit.change', value: 'K#1' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().context.editing?.error).toBe('customerNoInvalid');
    actor.send({ type: 'edit.change', value: 'K'.repeat(33) });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().context.editing?.error).toBe('customerNoInvalid');
    actor.send({ type: 'edit.change', value: '' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().context.editing?.error).toBe('customerNoRequired');
    expect(effects.save).not.toHaveBeenCalled();
    actor.send({ type: 'edit.change', value: '4711' });
    actor.send({ type: 'edit.save' });
    await settled(actor, 'ready');
    expect(effects.save).toHaveBeenCalledWith({ kind: 'relation', id: 11, customerNumber: '4711' });
    expect(effects.notifySuccess).toHaveBeenCalledWith('saved');
    expect(effects.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.editing).toBeNull();
  });

  test('a free-text supplier’s number takes letters', async () => {
    const { actor, effects } = start();
    await settled(actor, 'ready');
    actor.send({ type: 'edit.start', supplier: { kind: 'additional', id: 5, name: 'Teile Schmidt' }, value: 'S-99' });
    actor.send({ type: 'edit.change', value: 'S-100' });
    actor.send({ type: 'edit.save' });
    await settled(actor, 'ready');
    expect(effects.save).toHaveBeenCalledWith({ kind: 'additional', id: 5, customerNumber: 'S-100' });
  });

  test('a failed save keeps what was typed and the dialog open; saving again retries', async () => {
    let attempt = 0;
    const { actor, effects } = start({
      save: async () => {
        attempt += 1;
        if (attempt === 1) throw refusal('relationNotRequested');
        if (attempt === 2) throw refusal('customerNoInvalid', 'customer_number');
        return { message: 'saved' };
      },
    });
    await settled(actor, 'ready');
    actor.send({ type: 'edit.start', supplier: { kind: 'relation', id: 11, name: 'WM SE' }, value: '111' });
    actor.send({ type: 'edit.change', value: '222' });
    actor.send({ type: 'edit.save' });
    await settled(actor, { editing: 'typing' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.editing?.failure).toBe('text of relationNotRequested'));
    expect(actor.getSnapshot().context.editing?.value).toBe('222');
    actor.send({ type: 'edit.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.editing?.error).toBe('customerNoInvalid'));
    expect(actor.getSnapshot().context.editing?.failure).toBeNull();
    actor.send({ type: 'edit.save' });
    await settled(actor, 'ready');
    expect(effects.save).toHaveBeenCalledTimes(3);
  });

  test('closing the dialog after a refused save loads the list again; after a plain cancel it does not', async () => {
    const { actor, effects } = start({ save: async () => Promise.reject(refusal('relationNotRequested')) });
    await settled(actor, 'ready');
    actor.send({ type: 'edit.start', supplier: { kind: 'relation', id: 11, name: 'WM SE' }, value: '111' });
    actor.send({ type: 'edit.cancel' });
    await settled(actor, 'ready');
    expect(effects.load).toHaveBeenCalledTimes(1);
    actor.send({ type: 'edit.start', supplier: { kind: 'relation', id: 11, name: 'WM SE' }, value: '111' });
    actor.send({ type: 'edit.change', value: '222' });
    actor.send({ type: 'edit.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.editing?.failure).toBe('text of relationNotRequested'));
    actor.send({ type: 'edit.cancel' });
    await settled(actor, 'ready');
    expect(effects.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.editing).toBeNull();
  });

  test('an active relation’s number is not offered for editing', () => {
    expect(canEditNumber(aRelation({ status: 'active' }))).toBe(false);
    expect(canEditNumber(aRelation({ status: 'requested' }))).toBe(true);
    expect(canEditNumber(aRelation({ status: 'declined' }))).toBe(true);
  });
});

describe('removing', () => {
  test('asks first; cancel removes nothing; confirm removes and reloads', async () => {
    const { actor, effects } = start();
    await settled(actor, 'ready');
    actor.send({ type: 'remove.request', supplier: { kind: 'relation', id: 11, name: 'WM SE' } });
    expect(actor.getSnapshot().matches('confirmingRemoval')).toBe(true);
    actor.send({ type: 'remove.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(effects.remove).not.toHaveBeenCalled();
    actor.send({ type: 'remove.request', supplier: { kind: 'additional', id: 5, name: 'Teile Schmidt' } });
    actor.send({ type: 'remove.confirm' });
    await settled(actor, 'ready');
    expect(effects.remove).toHaveBeenCalledWith({ kind: 'additional', id: 5 });
    expect(effects.notifySuccess).toHaveBeenCalledWith('removed');
    expect(effects.load).toHaveBeenCalledTimes(2);
  });

  test('a failed removal stays in the dialog with the message; confirming again retries', async () => {
    let fail = true;
    const { actor, effects } = start({
      remove: async () => {
        if (fail) throw refusal('networkError');
        return { message: 'removed' };
      },
    });
    await settled(actor, 'ready');
    actor.send({ type: 'remove.request', supplier: { kind: 'relation', id: 11, name: 'WM SE' } });
    actor.send({ type: 'remove.confirm' });
    await settled(actor, { confirmingRemoval: 'asking' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.removal?.failure).toBe('text of networkError'));
    fail = false;
    actor.send({ type: 'remove.confirm' });
    await settled(actor, 'ready');
    expect(effects.remove).toHaveBeenCalledTimes(2);
  });
});

describe('adding from the directory', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('searches at once, then once per pause in typing, from page 1', async () => {
    const { actor, effects } = start();
    await settled(actor, 'ready');
    actor.send({ type: 'add.open' });
    await settled(actor, { adding: 'results' });
    expect(effects.search).toHaveBeenLastCalledWith({ q: '', city: '', brand: '', area: '', page: 1 });
    actor.send({ type: 'directory.page', page: 2 });
    await settled(actor, { adding: 'results' });
    expect(effects.search).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    actor.send({ type: 'directory.filter', field: 'city', value: 'K' });
    vi.advanceTimersByTime(DIRECTORY_DEBOUNCE_MS - 50);
    actor.send({ type: 'directory.filter', field: 'city', value: 'Ki' });
    vi.advanceTimersByTime(DIRECTORY_DEBOUNCE_MS - 50);
    actor.send({ type: 'directory.filter', field: 'city', value: 'Kiel' });
    expect(effects.search).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(DIRECTORY_DEBOUNCE_MS);
    await settled(actor, { adding: 'results' });
    expect(effects.search).toHaveBeenCalledTimes(3);
    expect(effects.search).toHaveBeenLastCalledWith({ q: '', city: 'Kiel', brand: '', area: '', page: 1 });
  });

  test('a dealer shown can be chosen while the next search still waits; the waiting search is dropped', async () => {
    const { actor, effects } = start();
    await settled(actor, 'ready');
    actor.send({ type: 'add.open' });
    await settled(actor, { adding: 'results' });
    actor.send({ type: 'directory.filter', field: 'city', value: 'Kiel' });
    actor.send({ type: 'add.choose', dealer: aDealer() });
    expect(actor.getSnapshot().matches({ adding: 'enteringNumber' })).toBe(true);
    vi.advanceTimersByTime(DIRECTORY_DEBOUNCE_MS * 2);
    expect(actor.getSnapshot().matches({ adding: 'enteringNumber' })).toBe(true);
    expect(effects.search).toHaveBeenCalledTimes(1);
  });

  test('a failed search offers a retry', async () => {
    let fail = true;
    const { actor, effects } = start({
      search: async (query) => {
        if (fail) throw refusal('networkError');
        return { items: [], total: 0, page: query.page, page_size: 10 };
      },
    });
    await settled(actor, 'ready');
    actor.send({ type: 'add.open' });
    await settled(actor, { adding: 'searchFailed' });
    expect(actor.getSnapshot().context.directory.error).toBe('text of networkError');
    fail = false;
    actor.send({ type: 'directory.retry' });
    await settled(actor, { adding: 'results' });
    expect(effects.search).toHaveBeenCalledTimes(2);
  });

  test('a dealer already on the list cannot be chosen; another is requested with a checked number', async () => {
    const related = aDealer({ part_dealer_id: 1002, related: true });
    const { actor, effects } = start({
      search: async () => ({ items: [aDealer(), related], total: 2, page: 1, page_size: 10 }),
    });
    await settled(actor, 'ready');
    actor.send({ type: 'add.open' });
    await settled(actor, { adding: 'results' });
    actor.send({ type: 'add.choose', dealer: related });
    expect(actor.getSnapshot().matches({ adding: 'results' })).toBe(true);
    actor.send({ type: 'add.choose', dealer: aDealer() });
    expect(actor.getSnapshot().matches({ adding: 'enteringNumber' })).toBe(true);
    actor.send({ type: 'add.choose', dealer: aDealer({ part_dealer_id: 1003 }) });
    expect(actor.getSnapshot().context.adding?.dealer.part_dealer_id).toBe(1001);
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().context.adding?.error).toBe('customerNoRequired');
    actor.send({ type: 'add.change', value: '77' });
    actor.send({ type: 'add.submit' });
    await settled(actor, 'ready');
    expect(effects.add).toHaveBeenCalledWith({ partDealerId: 1001, customerNumber: '77' });
    expect(effects.notifySuccess).toHaveBeenCalledWith('requested');
    expect(effects.load).toHaveBeenCalledTimes(2);
  });

  test('a refused request keeps the number; back returns to the results, close to the list', async () => {
    const { actor, effects } = start({ add: async () => Promise.reject(refusal('relationExists', 'part_dealer_id')) });
    await settled(actor, 'ready');
    actor.send({ type: 'add.open' });
    await settled(actor, { adding: 'results' });
    actor.send({ type: 'add.choose', dealer: aDealer() });
    actor.send({ type: 'add.change', value: '77' });
    actor.send({ type: 'add.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.adding?.failure).toBe('text of relationExists'));
    expect(actor.getSnapshot().matches({ adding: 'enteringNumber' })).toBe(true);
    expect(actor.getSnapshot().context.adding?.value).toBe('77');
    actor.send({ type: 'add.back' });
    await settled(actor, { adding: 'results' });
    expect(effects.search).toHaveBeenCalledTimes(2);
    actor.send({ type: 'add.close' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(effects.load).toHaveBeenCalledTimes(1);
  });
});
