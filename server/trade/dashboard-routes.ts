import { Hono } from 'hono';
import * as v from 'valibot';
import { type DealerDashboard, dashboardQuerySchema, type WorkshopDashboard } from '../../common/contracts/dashboards';
import { portalToday } from '../../common/format/formats';
import type { ServerDeps } from '../context';
import { ApiRefusal, ok } from '../http/respond';
import type { MemberEnv, SessionAccess } from '../http/session-access';
import { dealerDashboard, workshopDashboard } from './dashboards';

/**
 * `GET /dashboard?from=&to=` of a member service (ADR 029): the organisation's figures over the
 * period. A period the contract refuses (not a date, end before start, longer than a year) is a
 * translated 400 `periodInvalid`; the organisation always comes from the session.
 */
export function createDashboardRoutes(deps: ServerDeps, access: SessionAccess, kind: 'workshop' | 'dealer') {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  routes.get('/dashboard', access.requireMember(kind), access.expensive, async (c) => {
    const parsed = v.safeParse(dashboardQuerySchema, { from: c.req.query('from'), to: c.req.query('to') });
    if (!parsed.success) throw new ApiRefusal(400, 'periodInvalid');
    const organisationId = c.get('organisation').id;
    const key = { kind, organisationId, ...parsed.output, today: portalToday() };
    return ok(
      c,
      await deps.dashboardCache.read<WorkshopDashboard | DealerDashboard>(key, () =>
        kind === 'workshop'
          ? workshopDashboard(db, organisationId, parsed.output)
          : dealerDashboard(db, organisationId, parsed.output),
      ),
    );
  });
  return routes;
}
