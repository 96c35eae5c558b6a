import { eq } from 'drizzle-orm';
import { USER_ROLE } from '../../common/contracts/auth';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { ServerLocale } from '../i18n';
import { enqueueMail } from './outbox';
import type { RenderedMail } from './templates';

/**
 * Queues one mail to every system administrator, each in the administrator's own language, in
 * the caller's transaction (so the review request and the change it reports commit together).
 */
export async function enqueueMailToAdmins(
  writer: Pick<Database, 'select' | 'insert'>,
  kind: string,
  render: (locale: ServerLocale) => RenderedMail,
) {
  const admins = await writer
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.role, USER_ROLE.systemAdmin));
  for (const admin of admins) await enqueueMail(writer, kind, admin.email, render(admin.locale));
}
