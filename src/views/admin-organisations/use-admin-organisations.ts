import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { OrganisationKind } from '../../../common/contracts/auth';
import type { OrganisationState } from '../../../common/contracts/organisations';
import {
  adminOrganisationsMachine,
  type OrganisationInviteField,
  organisationChangeFor,
} from '../../../machines/admin-organisations.machine';
import { inspectionOptions } from '../../app/inspection';
import type { AdminOrganisationsImplementations } from './admin-organisations-implementations';

/** The hook facade of /users/organisations: what the view shows, and the events it may send. */
export function useAdminOrganisations(implementations: AdminOrganisationsImplementations) {
  const [provided] = useState(() => adminOrganisationsMachine.provide(implementations));
  const screen = useActorRef(provided, inspectionOptions());
  const detail = useSelector(screen, (snapshot) => snapshot.context.detail);
  return {
    query: useSelector(screen, (snapshot) => snapshot.context.query),
    page: useSelector(screen, (snapshot) => snapshot.context.page),
    listError: useSelector(screen, (snapshot) => snapshot.context.listError),
    listLoading: useSelector(screen, (snapshot) => snapshot.hasTag('listBusy')),
    openedId: useSelector(screen, (snapshot) => snapshot.context.openedId),
    detail,
    detailError: useSelector(screen, (snapshot) => snapshot.context.detailError),
    detailLoading: useSelector(screen, (snapshot) => snapshot.hasTag('detailBusy')),
    change: detail ? organisationChangeFor(detail.organisation) : null,
    actionable: useSelector(screen, (snapshot) => snapshot.hasTag('actionable')),
    canInvite: useSelector(screen, (snapshot) => snapshot.can({ type: 'invite.open' })),
    dialogOpen: useSelector(screen, (snapshot) => snapshot.hasTag('dialogOpen')),
    changing: useSelector(screen, (snapshot) => snapshot.hasTag('changing')),
    inviteOpen: useSelector(screen, (snapshot) => snapshot.hasTag('inviteOpen')),
    inviteBusy: useSelector(screen, (snapshot) => snapshot.hasTag('inviteBusy')),
    invite: useSelector(screen, (snapshot) => snapshot.context.invite),
    inviteErrors: useSelector(screen, (snapshot) => snapshot.context.inviteErrors),
    insurerOpen: useSelector(screen, (snapshot) => snapshot.hasTag('insurerOpen')),
    insurerBusy: useSelector(screen, (snapshot) => snapshot.hasTag('insurerBusy')),
    insurerName: useSelector(screen, (snapshot) => snapshot.context.insurerName),
    insurerError: useSelector(screen, (snapshot) => snapshot.context.insurerError),
    newInsurer: () => screen.send({ type: 'insurer.new' }),
    changeInsurerName: (value: string) => screen.send({ type: 'insurer.change', value }),
    cancelInsurer: () => screen.send({ type: 'insurer.cancel' }),
    submitInsurer: () => screen.send({ type: 'insurer.submit' }),
    search: (value: string) => screen.send({ type: 'search.change', value }),
    filterKind: (kind: OrganisationKind | '') => screen.send({ type: 'kind.change', kind }),
    filterStatus: (status: OrganisationState | '') => screen.send({ type: 'status.change', status }),
    goToPage: (page: number) => screen.send({ type: 'page.change', page }),
    retryList: () => screen.send({ type: 'list.retry' }),
    open: (id: number) => screen.send({ type: 'organisation.open', id }),
    close: () => screen.send({ type: 'organisation.close' }),
    retryDetail: () => screen.send({ type: 'detail.retry' }),
    requestChange: () => screen.send({ type: 'change.request' }),
    cancelChange: () => screen.send({ type: 'change.cancel' }),
    confirmChange: () => screen.send({ type: 'change.confirm' }),
    openInvite: () => screen.send({ type: 'invite.open' }),
    changeInvite: (field: OrganisationInviteField, value: string) =>
      screen.send({ type: 'invite.change', field, value }),
    cancelInvite: () => screen.send({ type: 'invite.cancel' }),
    submitInvite: () => screen.send({ type: 'invite.submit' }),
  };
}
