import { Hono } from 'hono';
import * as v from 'valibot';
import { dashboardQuerySchema } from '../../common/contracts/dashboards';
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
    return ok(
      c,
      kind === 'workshop'
        ? await workshopDashboard(db, organisationId, parsed.output)
        : await dealerDashboard(db, organisationId, parsed.output),
    );
  });
  return routes;
}
