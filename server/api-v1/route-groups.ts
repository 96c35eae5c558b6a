import type { Hono } from 'hono';
import type { ApiKeyEnv } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { accountOperations, createAccountApiRoutes } from './account-routes';
import { createDealerApiRoutes, dealerOperations } from './dealer-routes';
import type { ApiOperation } from './operations';
import { createPunchInApiRoutes, punchInOperations } from './punch-in-routes';
import { createTradeApiRoutes, tradeOperations } from './trade-routes';

/**
 * The route groups of `/api/v1`, each a Hono app behind the API-key guard (paths relative to
 * /api/v1), with the operations it serves. A new group is added here, and nowhere else: the app
 * mounts it and the OpenAPI test checks its operations against the document.
 */
export type ApiV1RouteGroup = {
  create: (deps: ServerDeps) => Hono<ApiKeyEnv>;
  operations: readonly ApiOperation[];
};

export const apiV1RouteGroups: readonly ApiV1RouteGroup[] = [
  { create: createAccountApiRoutes, operations: accountOperations },
  { create: createTradeApiRoutes, operations: tradeOperations },
  { create: createPunchInApiRoutes, operations: punchInOperations },
  // The dealer API (ADR 040): only dealer keys, only paths under /dealer (requireKeyForThisApi).
  { create: createDealerApiRoutes, operations: dealerOperations },
];

export const apiV1Operations: readonly ApiOperation[] = apiV1RouteGroups.flatMap((group) => group.operations);
