import { waitFor } from 'xstate';
import { createAccountApi } from '../api/account-api';
import { createAdminOrganisationsApi } from '../api/admin-organisations-api';
import { createAdminUsersApi } from '../api/admin-users-api';
import { createApiKeysApi } from '../api/api-keys-api';
import { createAuthApi } from '../api/auth-api';
import { createInsurerClaimsApi, createWorkshopClaimsApi } from '../api/claims-api';
import { createDealerDashboardApi, createWorkshopDashboardApi } from '../api/dashboards-api';
import { createDealerInquiriesApi } from '../api/dealer-inquiries-api';
import { createDealerOrganisationApi } from '../api/dealer-organisation-api';
import { createFileClient, createServiceClient, onUnauthorized } from '../api/http';
import { createDealerOrdersApi, createWorkshopOrdersApi } from '../api/orders-api';
import { createPartDealerApi } from '../api/part-dealer-api';
import { createUploadLayoutsApi } from '../api/upload-layouts-api';
import { createWebhooksApi } from '../api/webhooks-api';
import { createWorkshopApi } from '../api/workshop-api';
import { createWorkshopInquiriesApi } from '../api/workshop-inquiries-api';
import { createWorkshopSuppliersApi } from '../api/workshop-suppliers-api';
import { appConfig } from '../config/app-config';
import { i18n } from '../i18n/i18n';
import { createSessionActor } from './session';

/** The browser's storages, injected so the same routes also render where there is no window. */
export type BrowserStorage = {
  local: Storage;
  session: Storage;
  /** Whether a login posted without the app left a session to ask the server about (ADR 046). */
  signedInWithoutApp?: () => boolean;
};

/**
 * Everything a signed-in flow needs (API clients, the session actor), created on first use.
 * It lives in its own chunk so the landing page's first load carries no XState, ofetch or valibot.
 */
export function bootstrapSession(onSessionChange: () => void, storage: BrowserStorage) {
  const authClient = createServiceClient(appConfig.services.auth, () => i18n.locale);
  const authApi = createAuthApi(authClient);
  const session = createSessionActor({
    authApi,
    storage: storage.local,
    onChange: onSessionChange,
    signedInWithoutApp: storage.signedInWithoutApp,
  });
  // docs/product.md §3 and ADR 004: any 401 from any call clears the session; the guards then send the user to /login.
  onUnauthorized(() => session.send({ type: 'session.unauthorized' }));
  const partDealerClient = createServiceClient(appConfig.services.partDealer, () => i18n.locale);
  const workshopClient = createServiceClient(appConfig.services.workshop, () => i18n.locale);
  const insurerClient = createServiceClient(appConfig.services.insurer, () => i18n.locale);
  return {
    session,
    storage,
    api: {
      auth: authApi,
      account: createAccountApi(authClient),
      adminUsers: createAdminUsersApi(authClient),
      adminOrganisations: createAdminOrganisationsApi(authClient),
      workshop: createWorkshopApi(workshopClient),
      workshopSuppliers: createWorkshopSuppliersApi(workshopClient),
      workshopOrders: createWorkshopOrdersApi(workshopClient),
      workshopDashboard: createWorkshopDashboardApi(workshopClient),
      workshopInquiries: createWorkshopInquiriesApi(workshopClient),
      uploadLayouts: createUploadLayoutsApi(workshopClient),
      workshopClaims: createWorkshopClaimsApi(workshopClient),
      insurerClaims: createInsurerClaimsApi(
        insurerClient,
        createFileClient(appConfig.services.insurer, () => i18n.locale),
      ),
      apiKeys: createApiKeysApi(workshopClient),
      dealerApiKeys: createApiKeysApi(partDealerClient),
      partDealer: createPartDealerApi(partDealerClient),
      dealerOrganisation: createDealerOrganisationApi(partDealerClient),
      dealerOrders: createDealerOrdersApi(
        partDealerClient,
        createFileClient(appConfig.services.partDealer, () => i18n.locale),
      ),
      dealerDashboard: createDealerDashboardApi(partDealerClient),
      dealerInquiries: createDealerInquiriesApi(partDealerClient),
      // Webhooks (ADR 041): the same calls for a workshop and for a dealer, in its own service.
      webhooks: { workshop: createWebhooksApi(workshopClient), dealer: createWebhooksApi(partDealerClient) },
    },
    /** The signed-in user once the stored profile has been checked with the server, else null. */
    signedInUser: async () => {
      const settled = await waitFor(session, (state) => state.matches('signedIn') || state.matches('signedOut'));
      return settled.context.user;
    },
  };
}

export type AppServices = ReturnType<typeof bootstrapSession>;
