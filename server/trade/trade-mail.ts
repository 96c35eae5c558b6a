import { and, eq, inArray } from 'drizzle-orm';
import { USER_STATUS } from '../../common/contracts/auth';
import type { Transaction } from '../db/database';
import { tradeMailQueue, users } from '../db/schema';

/**
 * The events worth a mail (issue 13): a dealer hears of a new inquiry; the workshop of a complete
 * set of quotes or a closed inquiry, of a backorder and of a cancelled line; a dealer of a new order.
 */
export const TRADE_MAIL_KINDS = [
  'inquiry.received',
  'inquiry.allAnswered',
  'inquiry.closed',
  'line.backorder',
  'line.cancelled',
  'order.placed',
] as const;
export type TradeMailKind = (typeof TRADE_MAIL_KINDS)[number];

/**
 * Queues a mail about a logged event for every active member of an organisation, in the
 * transaction of the change. The trade-mail worker sends one mail for a lone event and one
 * digest when several pile up for a person (ADR 023).
 */
export async function queueTradeMail(
  tx: Transaction,
  mail: { organisationId: number; eventId: number; kind: TradeMailKind },
) {
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, mail.organisationId), eq(users.status, USER_STATUS.active)));
  if (members.length === 0) return;
  await tx
    .insert(tradeMailQueue)
    .values(members.map((member) => ({ userId: member.id, eventId: mail.eventId, kind: mail.kind })));
}

/**
 * Queues several mails in two statements, whatever their number (one lookup of the members of
 * every organisation named, one insert): what a change of many lines or a split order uses.
 */
export async function queueTradeMails(
  tx: Transaction,
  mails: readonly { organisationId: number; eventId: number; kind: TradeMailKind }[],
) {
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
      .map((member) => ({ userId: member.id, eventId: mail.eventId, kind: mail.kind })),
  );
  if (rows.length > 0) await tx.insert(tradeMailQueue).values(rows);
}
