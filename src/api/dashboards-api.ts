import {
  type DashboardPeriod,
  dealerDashboardEnvelopeSchema,
  periodRange,
  workshopDashboardEnvelopeSchema,
} from '../../common/contracts/dashboards';
import { portalToday } from '../../common/format/formats';
import type { ServiceClient } from './http';

/** The period's calendar days as of today in the portal's time zone: what the server computes over. */
const periodQuery = (period: DashboardPeriod) => periodRange(period, portalToday());

/** The workshop's dashboard figures (ADR 029): `GET /dashboard` of the workshop service. */
export function createWorkshopDashboardApi(client: ServiceClient) {
  return {
    async figures(period: DashboardPeriod) {
      return (await client(workshopDashboardEnvelopeSchema, '/dashboard', { query: periodQuery(period) })).data;
    },
  };
}

/** The dealer's dashboard figures (ADR 029): `GET /dashboard` of the part-dealer service. */
export function createDealerDashboardApi(client: ServiceClient) {
  return {
    async figures(period: DashboardPeriod) {
      return (await client(dealerDashboardEnvelopeSchema, '/dashboard', { query: periodQuery(period) })).data;
    },
  };
}

export type DashboardApi = ReturnType<typeof createWorkshopDashboardApi> | ReturnType<typeof createDealerDashboardApi>;
