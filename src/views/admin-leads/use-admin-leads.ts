import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { WorkshopLead } from '../../../common/contracts/workshop';
import {
  adminLeadsMachine,
  type LeadDecision,
  type LeadPage,
  type LeadStatusFilter,
} from '../../../machines/admin-leads.machine';
import type { WorkshopApi } from '../../api/workshop-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof adminLeadsMachine.provide>[0];

export function createAdminLeadsImplementations(deps: { workshopApi: WorkshopApi }): Implementations {
  return {
    actors: {
      listLeads: fromPromise<LeadPage, { page: number; status: LeadStatusFilter }>(({ input }) =>
        deps.workshopApi.listLeads(input),
      ),
      decideLead: fromPromise<{ message: string | undefined }, LeadDecision>(({ input }) =>
        deps.workshopApi.decideLead(input.lead.id, input.decision, input.reason),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useAdminLeads(implementations: Implementations) {
  const [machine] = useState(() => adminLeadsMachine.provide(implementations));
  const leads = useActorRef(machine, inspectionOptions());
  return {
    query: useSelector(leads, (snapshot) => snapshot.context.query),
    page: useSelector(leads, (snapshot) => snapshot.context.page),
    error: useSelector(leads, (snapshot) => snapshot.context.error),
    pending: useSelector(leads, (snapshot) => snapshot.context.pending),
    loading: useSelector(leads, (snapshot) => snapshot.hasTag('busy')),
    dialogOpen: useSelector(leads, (snapshot) => snapshot.hasTag('dialogOpen')),
    deciding: useSelector(leads, (snapshot) => snapshot.matches('deciding')),
    canDecide: useSelector(leads, (snapshot) => snapshot.matches('ready')),
    filter: (status: LeadStatusFilter) => leads.send({ type: 'filter.change', status }),
    goToPage: (page: number) => leads.send({ type: 'page.change', page }),
    request: (lead: WorkshopLead, decision: 'approve' | 'reject') =>
      leads.send({ type: 'decision.request', lead, decision }),
    changeReason: (value: string) => leads.send({ type: 'reason.change', value }),
    cancel: () => leads.send({ type: 'decision.cancel' }),
    confirm: () => leads.send({ type: 'decision.confirm' }),
    retry: () => leads.send({ type: 'list.retry' }),
  };
}
