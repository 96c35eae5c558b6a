import { fromPromise } from 'xstate';
import type {
  OrganisationChange,
  OrganisationDetail,
  OrganisationInvite,
  OrganisationQuery,
} from '../../../common/contracts/organisations';
import type { adminOrganisationsMachine, OrganisationPage } from '../../../machines/admin-organisations.machine';
import type { AdminOrganisationsApi } from '../../api/admin-organisations-api';
import { notify } from '../notifications/notify';

export type AdminOrganisationsImplementations = Parameters<(typeof adminOrganisationsMachine)['provide']>[0];

/** The organisations screen's effects: the authentication service's /organisations, and the snackbar. */
export function createAdminOrganisationsImplementations(deps: {
  adminOrganisationsApi: AdminOrganisationsApi;
}): AdminOrganisationsImplementations {
  const api = deps.adminOrganisationsApi;
  return {
    actors: {
      loadPage: fromPromise<OrganisationPage, OrganisationQuery>(({ input }) => api.listOrganisations(input)),
      loadDetail: fromPromise<OrganisationDetail, { id: number }>(({ input }) => api.organisation(input.id)),
      changeStatus: fromPromise<{ message: string | undefined }, { id: number; change: OrganisationChange }>(
        ({ input }) => api.changeStatus(input.id, input.change),
      ),
      invite: fromPromise<{ message: string | undefined }, { id: number; invite: OrganisationInvite }>(({ input }) =>
        api.invite(input.id, input.invite),
      ),
      createInsurer: fromPromise(({ input }) => api.createInsurer(input)),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}
