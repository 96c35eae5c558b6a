/**
 * Who runs a trade command (ADR 035): a person acting for their own organisation. The portal's
 * routes take it from the session, the DMS API from its key; a command scopes every statement to
 * `organisationId` (another organisation's inquiry or order is 404) and logs `userId` as the actor.
 */
export type TradeActor = { organisationId: number; userId: number };
