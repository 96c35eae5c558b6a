import { eq } from 'drizzle-orm';
import { USER_ROLE, USER_STATUS } from '../common/contracts/auth';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { users } from './db/schema';
import { hashPassword } from './services/auth/passwords';

/**
 * Ensures the system administrator from ADMIN_EMAIL / ADMIN_PASSWORD exists and is active.
 * An existing admin keeps the password it has: changing ADMIN_PASSWORD later does not silently
 * reset a password someone may have changed through the portal. Safe when several processes start
 * at once (ADR 033): the insert yields to a row another process wrote meanwhile (unique e-mail),
 * and only the process whose insert took reports it created the administrator.
 */
export async function seedAdministrator(db: Database, config: ServerConfig) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, config.admin.email)).limit(1);
  if (existing) return { created: false };
  const inserted = await db
    .insert(users)
    .values({
      email: config.admin.email,
      passwordHash: await hashPassword(config.admin.password),
      firstName: 'System',
      lastName: 'Administrator',
      companyName: 'Teileportal',
      role: USER_ROLE.systemAdmin,
      status: USER_STATUS.active,
      services: [],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { created: inserted.length > 0 };
}
