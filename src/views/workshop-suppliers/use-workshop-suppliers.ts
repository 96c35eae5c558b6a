import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SupplierDirectoryEntry, SupplierDirectoryFilters } from '../../../common/contracts/suppliers';
import {
  type AddRelationInput,
  type ChangeResult,
  type RemoveSupplierInput,
  type SaveNumberInput,
  type SupplierRef,
  workshopSuppliersMachine,
} from '../../../machines/workshop-suppliers.machine';
import type { WorkshopSuppliersApi } from '../../api/workshop-suppliers-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

export type WorkshopSuppliersImplementations = Parameters<typeof workshopSuppliersMachine.provide>[0];

/** The screen's effects: the workshop service's supplier calls and the snackbar after a change. */
export function createWorkshopSuppliersImplementations(deps: {
  api: WorkshopSuppliersApi;
}): WorkshopSuppliersImplementations {
  return {
    actors: {
      loadSuppliers: fromPromise(() => deps.api.list()),
      searchDirectory: fromPromise(({ input }) => deps.api.searchDirectory(input)),
      saveNumber: fromPromise<ChangeResult, SaveNumberInput>(({ input }) =>
        deps.api.saveNumber(input.kind, input.id, input.customerNumber),
      ),
      addRelation: fromPromise<ChangeResult, AddRelationInput>(({ input }) =>
        deps.api.addRelation(input.partDealerId, input.customerNumber),
      ),
      removeSupplier: fromPromise<ChangeResult, RemoveSupplierInput>(({ input }) =>
        deps.api.remove(input.kind, input.id),
      ),
    },
    actions: { notifySuccess: (_, { message }) => notify.success(message) },
  };
}

/** The facade of /suppliers: what the view shows and the events it sends. */
export function useWorkshopSuppliers(implementations: WorkshopSuppliersImplementations) {
  const [machine] = useState(() => workshopSuppliersMachine.provide(implementations));
  const actor = useActorRef(machine, inspectionOptions());
  const send = actor.send;
  return {
    list: useSelector(actor, (snapshot) => snapshot.context.list),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    editing: useSelector(actor, (snapshot) => (snapshot.matches('editing') ? snapshot.context.editing : null)),
    saving: useSelector(actor, (snapshot) => snapshot.matches({ editing: 'saving' })),
    removal: useSelector(actor, (snapshot) =>
      snapshot.matches('confirmingRemoval') ? snapshot.context.removal : null,
    ),
    removing: useSelector(actor, (snapshot) => snapshot.matches({ confirmingRemoval: 'removing' })),
    addOpen: useSelector(actor, (snapshot) => snapshot.matches('adding')),
    directory: useSelector(actor, (snapshot) => snapshot.context.directory),
    searching: useSelector(actor, (snapshot) => snapshot.hasTag('searchBusy')),
    searchFailed: useSelector(actor, (snapshot) => snapshot.matches({ adding: 'searchFailed' })),
    adding: useSelector(actor, (snapshot) => (snapshot.matches('adding') ? snapshot.context.adding : null)),
    submitting: useSelector(actor, (snapshot) => snapshot.matches({ adding: 'submitting' })),
    retryList: () => send({ type: 'list.retry' }),
    startEdit: (supplier: SupplierRef, value: string) => send({ type: 'edit.start', supplier, value }),
    changeEdit: (value: string) => send({ type: 'edit.change', value }),
    saveEdit: () => send({ type: 'edit.save' }),
    cancelEdit: () => send({ type: 'edit.cancel' }),
    requestRemoval: (supplier: SupplierRef) => send({ type: 'remove.request', supplier }),
    confirmRemoval: () => send({ type: 'remove.confirm' }),
    cancelRemoval: () => send({ type: 'remove.cancel' }),
    openAdd: () => send({ type: 'add.open' }),
    closeAdd: () => send({ type: 'add.close' }),
    filter: (field: keyof SupplierDirectoryFilters, value: string) => send({ type: 'directory.filter', field, value }),
    goToPage: (page: number) => send({ type: 'directory.page', page }),
    retrySearch: () => send({ type: 'directory.retry' }),
    choose: (dealer: SupplierDirectoryEntry) => send({ type: 'add.choose', dealer }),
    changeNumber: (value: string) => send({ type: 'add.change', value }),
    back: () => send({ type: 'add.back' }),
    submit: () => send({ type: 'add.submit' }),
  };
}
