/**
 * Who runs a trade command (ADR 035): a person acting for their own organisation. The portal's
 * routes take it from the session, the DMS API from its key; a command scopes every statement to
 * `organisationId` (another organisation's inquiry or order is 404) and logs `userId` as the actor.
 *
 * `clock` is when the command happens: real time unless given. The routes never give it; the demo
 * seed does, to write a history of past weeks through the very same commands (ADR 035).
 */
export type TradeActor = { organisationId: number; userId: number; clock?: () => Date };

/** The time a command runs at: its actor's clock, else now. Read once per command. */
export function commandTime(actor: Pick<TradeActor, 'clock'>) {
  return actor.clock ? actor.clock() : new Date();
}
