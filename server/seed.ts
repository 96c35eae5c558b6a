import { eq } from 'drizzle-orm';
import { USER_ROLE, USER_STATUS } from '../common/contracts/auth';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { users } from './db/schema';
import { hashPassword } from './services/auth/passwords';

/**
 * Ensures the system administrator from ADMIN_EMAIL / ADMIN_PASSWORD exists and is active.
 * An existing admin keeps the password it has: changing ADMIN_PASSWORD later does not silently
 * reset a password someone may have changed through the portal.
 */
export async function seedAdministrator(db: Database, config: ServerConfig) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, config.admin.email)).limit(1);
  if (existing) return { created: false };
  await db
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
    .onConflictDoNothing();
  return { created: true };
}
