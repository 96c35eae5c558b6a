import { Hono } from 'hono';
import type { ServerDeps } from '../../context';

/**
 * The part-dealer service, mounted under /svc/part-dealer. Its endpoints (dealer onboarding and
 * invited-user registration) arrive with the dealer issue; unknown paths answer the 404 envelope.
 */
export function createPartDealerService(_deps: ServerDeps) {
  return new Hono();
}
