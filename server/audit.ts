import type { Database } from './db/database';
import { auditEvents } from './db/schema';

type Writer = Pick<Database, 'insert'>;

export type AuditEvent = {
  actorUserId: number | null;
  action: string;
  target?: string;
  ip?: string;
  details?: Record<string, string | number | boolean | null>;
};

/** Records who did what to whom; never secrets (no passwords, tokens or message bodies). */
export async function audit(writer: Writer, event: AuditEvent) {
  await writer.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    action: event.action,
    target: event.target ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
  });
}
