import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { newInquiryMachine } from '../../../machines/new-inquiry.machine';
import {
  chosenRecipients,
  type DraftLine,
  type LineField,
  lineCapacity,
  lineFitment,
  type NewInquiryDraft,
  registrationCheck,
  type VehicleField,
} from '../../../machines/new-inquiry-form';
import type { WorkshopInquiriesApi } from '../../api/workshop-inquiries-api';
import type { WorkshopSuppliersApi } from '../../api/workshop-suppliers-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import type { NewInquiryDraftStore } from './new-inquiry-draft';

export type NewInquiryImplementations = Parameters<typeof newInquiryMachine.provide>[0];

/** The form's effects: the supplier list, sending, the draft in the browser, the snackbar and the way on. */
export function createNewInquiryImplementations(deps: {
  suppliers: Pick<WorkshopSuppliersApi, 'list'>;
  inquiries: Pick<WorkshopInquiriesApi, 'create' | 'fitment' | 'redeemPunchIn'>;
  drafts: NewInquiryDraftStore;
  showInquiry: (inquiryId: number) => void;
  /** Drops `?punchin=…` from the address (replacing the history entry). */
  forgetPunchInLink: () => void;
  /** Leaves the SPA for the DMS (a full page load on another origin). */
  leaveTo: (url: string) => void;
}): NewInquiryImplementations {
  return {
    actors: {
      loadSuppliers: fromPromise(() => deps.suppliers.list()),
      createInquiry: fromPromise(({ input }) => deps.inquiries.create(input)),
      lookupFitment: fromPromise(({ input }) => deps.inquiries.fitment(input)),
      redeemPunchIn: fromPromise(({ input }) => deps.inquiries.redeemPunchIn(input.token)),
    },
    actions: {
      saveDraft: (_, draft) => deps.drafts.write(draft),
      clearDraft: () => deps.drafts.clear(),
      notifySuccess: (_, { message }) => notify.success(message),
      showInquiry: (_, { inquiryId }) => deps.showInquiry(inquiryId),
      forgetPunchInLink: () => deps.forgetPunchInLink(),
      returnToDms: (_, { url }) => deps.leaveTo(url),
    },
  };
}

/** The facade of /inquiries/new. */
export function useNewInquiry(
  implementations: NewInquiryImplementations,
  draft: NewInquiryDraft | null,
  punchInToken: string | null = null,
) {
  const [machine] = useState(() => newInquiryMachine.provide(implementations));
  const actor = useActorRef(machine, { input: { draft, punchInToken }, ...inspectionOptions() });
  const send = actor.send;
  const vehicle = useSelector(actor, (snapshot) => snapshot.context.vehicle);
  const registration = useMemo(() => registrationCheck(vehicle), [vehicle]);
  const fitment = useSelector(actor, (snapshot) => snapshot.context.fitment);
  return {
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    redeemingPunchIn: useSelector(actor, (snapshot) => snapshot.matches('redeemingPunchIn')),
    /** The DMS the form was filled from (ADR 034), null for an inquiry of the portal's own. */
    punchIn: useSelector(actor, (snapshot) => snapshot.context.punchIn),
    punchInFailure: useSelector(actor, (snapshot) => snapshot.context.punchInFailure),
    /** Sending leaves the portal for the DMS: the view says so on the button's side. */
    returnsToDms: useSelector(actor, (snapshot) => snapshot.context.punchIn !== null),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    noActiveDealer: useSelector(actor, (snapshot) => snapshot.matches('noActiveDealer')),
    editing: useSelector(actor, (snapshot) => snapshot.matches('editing') || snapshot.matches('sending')),
    sending: useSelector(actor, (snapshot) => snapshot.matches('sending')),
    dealers: useSelector(actor, (snapshot) => snapshot.context.dealers),
    vehicle,
    registration,
    lines: useSelector(actor, (snapshot) => snapshot.context.lines),
    recipients: useSelector(actor, (snapshot) => chosenRecipients(snapshot.context), sameIds),
    closesInMinutes: useSelector(actor, (snapshot) => snapshot.context.closesInMinutes),
    reference: useSelector(actor, (snapshot) => snapshot.context.reference),
    errors: useSelector(actor, (snapshot) => snapshot.context.errors),
    attempts: useSelector(actor, (snapshot) => snapshot.context.attempts),
    failure: useSelector(actor, (snapshot) => snapshot.context.failure),
    restored: useSelector(
      actor,
      (snapshot) => snapshot.context.restoredDraft !== null && snapshot.context.punchIn === null,
    ),
    /** What earlier orders for this vehicle type tell of the part typed in a line (ADR 028). */
    fitmentOf: (partNumber: string) => lineFitment(fitment, partNumber),
    canAddLine: useSelector(actor, (snapshot) => snapshot.can({ type: 'line.add' })),
    /** How many lines an upload from a file may still bring (issue 14). */
    lineCapacity: useSelector(actor, (snapshot) => lineCapacity(snapshot.context.lines)),
    canRemoveLine: useSelector(actor, (snapshot) => snapshot.can({ type: 'line.remove', key: -1 })),
    retry: () => send({ type: 'suppliers.retry' }),
    changeVehicle: (field: VehicleField, value: string) => send({ type: 'vehicle.change', field, value }),
    changeLine: (key: number, field: LineField, value: string) => send({ type: 'line.change', key, field, value }),
    addLine: () => send({ type: 'line.add' }),
    removeLine: (key: number) => send({ type: 'line.remove', key }),
    importLines: (lines: DraftLine[]) => send({ type: 'lines.imported', lines }),
    toggleRecipient: (relationId: number) => send({ type: 'recipient.toggle', relationId }),
    changeClosing: (minutes: number) => send({ type: 'closing.change', minutes }),
    changeReference: (value: string) => send({ type: 'reference.change', value }),
    send: () => send({ type: 'inquiry.send' }),
    discard: () => send({ type: 'draft.discard' }),
    dismissPunchInFailure: () => send({ type: 'punchIn.dismissFailure' }),
  };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, index) => id === b[index]);
