import { Hono } from 'hono';
import type { ServerDeps } from '../../context';
import type { SessionAccess } from '../../http/session-access';
import { createInsurerClaimRoutes } from './claim-routes';

/**
 * The insurer service, mounted under /svc/insurer (issue 23): what an insurer's users read, today
 * the claims shared with their organisation (ADR 030). Like the workshop and part-dealer services
 * it is a Hono sub-app of its own, behind the API's body limit and same-origin JSON check, so it
 * can be deployed on its own host (INSURER_SERVICE_URL in the SPA's build).
 */
export function createInsurerService(deps: ServerDeps, access: SessionAccess) {
  const service = new Hono();
  service.route('/', createInsurerClaimRoutes(deps, access));
  return service;
}
