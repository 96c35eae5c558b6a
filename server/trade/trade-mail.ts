import { and, eq, inArray } from 'drizzle-orm';
import { USER_STATUS } from '../../common/contracts/auth';
import { TRADE_MAIL_OF_EVENT, type TradeEventKind, type TradeMailKind } from '../../common/contracts/trade-events';
import type { Transaction } from '../db/database';
import { tradeMailQueue, users } from '../db/schema';

/** A mail about a logged event for an organisation's members. */
type TradeMailOrder = { organisationId: number; event: { id: number; kind: TradeEventKind } };

/** The mail an event is told in (`TRADE_MAIL_OF_EVENT`); an event told only on screens is a programming error here. */
function mailKindOf(event: { kind: TradeEventKind }): TradeMailKind {
  const kind = TRADE_MAIL_OF_EVENT[event.kind];
  if (kind === null) throw new Error(`${event.kind} is not told by mail`);
  return kind;
}

/**
 * Queues a mail about a logged event for every active member of an organisation, in the
 * transaction of the change. The trade-mail worker sends one mail for a lone event and one
 * digest when several pile up for a person (ADR 023).
 */
export async function queueTradeMail(tx: Transaction, mail: TradeMailOrder) {
  const kind = mailKindOf(mail.event);
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, mail.organisationId), eq(users.status, USER_STATUS.active)));
  if (members.length === 0) return;
  await tx
    .insert(tradeMailQueue)
    .values(members.map((member) => ({ userId: member.id, eventId: mail.event.id, kind })));
}

/**
 * Queues several mails in two statements, whatever their number (one lookup of the members of
 * every organisation named, one insert): what a change of many lines or a split order uses.
 */
export async function queueTradeMails(tx: Transaction, mails: readonly TradeMailOrder[]) {
  if (mails.length === 0) return;
  const members = await tx
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(
      and(
        inArray(users.organisationId, [...new Set(mails.map((mail) => mail.organisationId))]),
        eq(users.status, USER_STATUS.active),
      ),
    );
  const rows = mails.flatMap((mail) =>
    members
      .filter((member) => member.organisationId === mail.organisationId)
      .map((member) => ({ userId: member.id, eventId: mail.event.id, kind: mailKindOf(mail.event) })),
  );
  if (rows.length > 0) await tx.insert(tradeMailQueue).values(rows);
}
