import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type {
  SupplierDirectoryEntry,
  SupplierDirectoryPage,
  SupplierDirectoryQuery,
  SupplierList,
} from '../../common/contracts/suppliers';
import {
  type AddRelationInput,
  type ChangeResult,
  type RemoveSupplierInput,
  type SaveNumberInput,
  type WorkshopSuppliersEvent,
  workshopSuppliersMachine,
} from '../../machines/workshop-suppliers.machine';
import type { WorkshopSuppliersImplementations } from '../../src/views/workshop-suppliers/use-workshop-suppliers';
import { WorkshopSuppliersView } from '../../src/views/workshop-suppliers/WorkshopSuppliersView';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const list: SupplierList = {
  relations: [
    {
      id: 11,
      part_dealer_id: 1,
      dealer_name: 'WM SE',
      logo_url: null,
      city: null,
      on_portal: false,
      customer_number: '111',
      status: 'requested',
      decline_reason: null,
    },
    {
      id: 12,
      part_dealer_id: 1001,
      dealer_name: 'Ostsee Teile',
      logo_url: null,
      city: 'Kiel',
      on_portal: true,
      customer_number: '222',
      status: 'active',
      decline_reason: null,
    },
    {
      id: 13,
      part_dealer_id: 1002,
      dealer_name: 'Teile West',
      logo_url: null,
      city: 'Köln',
      on_portal: true,
      customer_number: '333',
      status: 'declined',
      decline_reason: 'Nummer unbekannt',
    },
  ],
  additional: [{ id: 5, name: 'Teile Schmidt', customer_number: 'S-99' }],
};
const newDealer: SupplierDirectoryEntry = {
  part_dealer_id: 1003,
  name: 'Förde Teile',
  logo_url: null,
  on_portal: true,
  city: 'Kiel',
  brands: ['Volvo', 'Saab'],
  delivery_area: 'Schleswig-Holstein',
  related: false,
};
const directory: SupplierDirectoryPage = {
  items: [newDealer, { ...newDealer, part_dealer_id: 1001, name: 'Ostsee Teile', related: true }],
  total: 2,
  page: 1,
  page_size: 10,
};
const texts: Record<string, string> = {
  customerNoInvalid: 'The customer number may contain letters, digits, -, /, . and spaces (up to 32 characters)',
  customerNoRequired: 'Customer number required',
};
const networkError = apiFailure('No connection to the server', 'networkError');
const relationExists = apiFailure('This supplier is already on your list.', 'relationExists', 'part_dealer_id');

type Step = PathStep<{ supplier?: { name: string } }>;

const paths = getShortestPaths(workshopSuppliersMachine, {
  events: [
    { type: 'xstate.done.actor.loadSuppliers', output: list },
    { type: 'xstate.error.actor.loadSuppliers', error: networkError },
    { type: 'list.retry' },
    { type: 'edit.start', supplier: { kind: 'relation', id: 11, name: 'WM SE' }, value: '111' },
    { type: 'edit.change', value: 'K#1' },
    { type: 'edit.change', value: '4711' },
    { type: 'edit.save' },
    { type: 'edit.cancel' },
    { type: 'xstate.done.actor.saveNumber', output: { message: 'saved' } },
    { type: 'xstate.error.actor.saveNumber', error: networkError },
    { type: 'remove.request', supplier: { kind: 'additional', id: 5, name: 'Teile Schmidt' } },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'xstate.done.actor.removeSupplier', output: { message: 'removed' } },
    { type: 'xstate.error.actor.removeSupplier', error: networkError },
    { type: 'add.open' },
    { type: 'xstate.done.actor.searchDirectory', output: directory },
    { type: 'xstate.error.actor.searchDirectory', error: networkError },
    { type: 'directory.retry' },
    { type: 'directory.filter', field: 'city', value: 'Kiel' },
    { type: 'add.choose', dealer: newDealer },
    { type: 'add.change', value: '77' },
    { type: 'add.submit' },
    { type: 'add.back' },
    { type: 'add.close' },
    { type: 'xstate.done.actor.addRelation', output: { message: 'requested' } },
    { type: 'xstate.error.actor.addRelation', error: relationExists },
  ] as unknown as WorkshopSuppliersEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      listed: snapshot.context.list !== null,
      editing: snapshot.context.editing,
      removal: snapshot.context.removal?.failure ?? null,
      adding: snapshot.context.adding && { ...snapshot.context.adding, dealer: snapshot.context.adding.dealer.name },
      // The directory is reset when it is opened again, so outside it its last search does not matter.
      filters: snapshot.matches('adding') ? snapshot.context.directory.filters : null,
      searched: snapshot.matches('adding') ? snapshot.context.directory.result !== null : null,
    }),
});

test('the traversal reaches every state of the screen', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of [
    'loading',
    'failed',
    'ready',
    { editing: 'typing' },
    { editing: 'saving' },
    { confirmingRemoval: 'asking' },
    { confirmingRemoval: 'removing' },
    { adding: 'searching' },
    { adding: 'searchFailed' },
    { adding: 'debouncing' },
    { adding: 'results' },
    { adding: 'enteringNumber' },
    { adding: 'submitting' },
  ]) {
    expect(reached).toContain(JSON.stringify(state));
  }
});

/** A step as the test's name reads it: the value typed, else the event. */
const nameOf = (event: Step) =>
  event.value !== undefined ? `${event.type}=${event.value}` : event.type.replace('xstate.', '');

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const implementations: WorkshopSuppliersImplementations = {
    actors: {
      loadSuppliers: controlled<SupplierList, void>('loadSuppliers'),
      searchDirectory: controlled<SupplierDirectoryPage, SupplierDirectoryQuery>('searchDirectory'),
      saveNumber: controlled<ChangeResult, SaveNumberInput>('saveNumber'),
      addRelation: controlled<ChangeResult, AddRelationInput>('addRelation'),
      removeSupplier: controlled<ChangeResult, RemoveSupplierInput>('removeSupplier'),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/suppliers', () => <WorkshopSuppliersView implementations={implementations} />);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'list.retry' || event.type === 'directory.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'edit.start') {
      await user.click(screen.getByRole('button', { name: `Edit number: ${event.supplier?.name}` }));
    } else if (event.type === 'edit.change' || event.type === 'add.change') {
      const input = screen.getByLabelText('Customer number');
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'edit.save') {
      await user.click(screen.getByRole('button', { name: 'Save' }));
    } else if (event.type === 'edit.cancel' || event.type === 'remove.cancel') {
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    } else if (event.type === 'remove.request') {
      await user.click(screen.getByRole('button', { name: `Remove ${event.supplier?.name}` }));
    } else if (event.type === 'remove.confirm') {
      await user.click(screen.getByRole('button', { name: 'Remove' }));
    } else if (event.type === 'add.open') {
      await user.click(screen.getByRole('button', { name: 'Add a supplier' }));
    } else if (event.type === 'directory.filter') {
      await user.type(screen.getByLabelText('City'), event.value ?? '');
    } else if (event.type === 'add.choose') {
      await user.click(screen.getByRole('button', { name: 'Choose Förde Teile' }));
    } else if (event.type === 'add.submit') {
      await user.click(screen.getByRole('button', { name: 'Send request' }));
    } else if (event.type === 'add.back') {
      await user.click(screen.getByRole('button', { name: 'Back to the results' }));
    } else if (event.type === 'add.close') {
      await user.click(screen.getByRole('button', { name: 'Close' }));
    }

    const { context } = state;
    if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your suppliers…');
    if (state.matches('failed')) {
      expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
      // A failed first load shows no list; a failed reload keeps the list it had beside the error.
      if (!context.list) expect(screen.queryByRole('button', { name: 'Add a supplier' })).toBeNull();
      else expect(screen.getByRole('heading', { name: 'WM SE' })).toBeVisible();
    }
    if (state.matches('ready')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('heading', { name: 'WM SE' })).toBeVisible();
      expect(screen.getByText('Not on Teileportal yet — the request waits until the dealer joins')).toBeVisible();
      expect(screen.getByText('Active — customer number confirmed')).toBeVisible();
      expect(screen.getByText(/Nummer unbekannt/)).toBeVisible();
      // An active relation's number is confirmed: it is not offered for editing.
      expect(screen.queryByRole('button', { name: 'Edit number: Ostsee Teile' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Edit number: Teile West' })).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Suppliers not on Teileportal' })).toBeVisible();
    }
    if (state.matches('editing') && context.editing) {
      const dialog = screen.getByRole('dialog', { name: 'Customer number at WM SE' });
      expect(within(dialog).getByLabelText('Customer number')).toHaveValue(context.editing.value);
      if (context.editing.error) expect(within(dialog).getByText(texts[context.editing.error] ?? '')).toBeVisible();
      if (context.editing.failure) expect(within(dialog).getByText(context.editing.failure)).toBeVisible();
    }
    if (state.matches({ editing: 'saving' })) {
      expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.saveNumber?.at(-1)).toEqual({ kind: 'relation', id: 11, customerNumber: context.editing?.value });
    }
    if (state.matches('confirmingRemoval')) {
      const dialog = screen.getByRole('dialog', { name: 'Remove Teile Schmidt?' });
      if (context.removal?.failure)
        expect(within(dialog).getByRole('alert')).toHaveTextContent(context.removal.failure);
    }
    if (state.matches({ confirmingRemoval: 'removing' })) {
      expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.removeSupplier?.at(-1)).toEqual({ kind: 'additional', id: 5 });
    }
    if (state.matches({ adding: 'searching' }) || state.matches({ adding: 'debouncing' })) {
      expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Searching…');
    }
    if (state.matches({ adding: 'searching' })) {
      expect(calls.searchDirectory?.at(-1)).toEqual({ ...context.directory.filters, page: 1 });
    }
    if (state.matches({ adding: 'searchFailed' })) {
      expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('No connection to the server');
    }
    if (state.matches({ adding: 'results' })) {
      expect(screen.getByRole('button', { name: 'Choose Förde Teile' })).toBeVisible();
      expect(screen.getByText('Already on your list')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Choose Ostsee Teile' })).toBeNull();
    }
    if (state.matches({ adding: 'enteringNumber' }) && context.adding) {
      expect(screen.getByText('Your customer number at Förde Teile:')).toBeVisible();
      expect(screen.getByLabelText('Customer number')).toHaveValue(context.adding.value);
      if (context.adding.error) expect(screen.getByText(texts[context.adding.error] ?? '')).toBeVisible();
      if (context.adding.failure) expect(screen.getByText(context.adding.failure)).toBeVisible();
    }
    if (state.matches({ adding: 'submitting' })) {
      expect(screen.getByRole('button', { name: 'Send request' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.addRelation?.at(-1)).toEqual({ partDealerId: 1003, customerNumber: '77' });
    }
  }
});
