import type { Context } from 'hono';
import { USER_ROLE } from '../../../common/contracts/auth';
import type { Database } from '../../db/database';
import { ApiRefusal } from '../../http/respond';
import { currentSessionUser } from './sessions';

type CookieSettings = { secure: boolean };

/** The signed-in user, or a 401 (the SPA clears its stored profile on any 401). */
export async function requireUser(c: Context, db: Database, settings: CookieSettings) {
  const user = await currentSessionUser(c, db, settings);
  if (!user) throw new ApiRefusal(401, 'sessionMissing');
  return user;
}

/** A signed-in system administrator, else 401 (anonymous) or 403 (any other role). */
export async function requireAdmin(c: Context, db: Database, settings: CookieSettings) {
  const user = await requireUser(c, db, settings);
  if (user.role !== USER_ROLE.systemAdmin) throw new ApiRefusal(403, 'forbidden');
  return user;
}
