import type { Context } from 'hono';
import { type AuditEvent, audit } from '../audit';
import type { Database, Transaction } from '../db/database';
import { clientIp } from '../http/client-ip';
import { ApiRefusal } from '../http/respond';
import type { SignedInEnv } from '../http/session-access';

/** Who decided and when, as every lead table records it. */
export type LeadReview = { reviewerId: number; reviewedAt: Date };

/**
 * The signed-in administrator's decision on a lead, in one transaction. The status change is a conditional
 * UPDATE that only matches a lead still open for this decision, so deciding twice (or two admins
 * at once) finds no row the second time: 409, and nothing else happens. The consequences (mail,
 * token) and the audit entry commit with the change or not at all.
 */
export function decideLead<TLead extends { id: number }>(
  c: Context<SignedInEnv>,
  db: Database,
  decision: {
    /** The conditional UPDATE … RETURNING; no row back means the lead is no longer open. */
    update: (tx: Transaction, review: LeadReview) => Promise<TLead[]>;
    consequences: (tx: Transaction, lead: TLead) => Promise<void>;
    audit: (lead: TLead) => Pick<AuditEvent, 'action' | 'target' | 'details'>;
  },
): Promise<TLead> {
  const reviewerId = c.get('user').id;
  return db.transaction(async (tx) => {
    const [lead] = await decision.update(tx, { reviewerId, reviewedAt: new Date() });
    if (!lead) throw new ApiRefusal(409, 'leadNotOpen');
    await decision.consequences(tx, lead);
    await audit(tx, { actorUserId: reviewerId, ip: clientIp(c), ...decision.audit(lead) });
    return lead;
  });
}
