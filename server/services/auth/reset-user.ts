import { eq } from 'drizzle-orm';
import { USER_STATUS } from '../../../common/contracts/auth';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { ApiRefusal } from '../../http/respond';

/**
 * The account a verified password-reset link may still reset, asked by the link check and by the
 * reset itself so the check never promises a form the reset then refuses: the account exists, is
 * not deactivated, and its password has not changed since the link was issued.
 */
export async function usableResetUser(reader: Pick<Database, 'select'>, claims: { sub: string; iat?: number }) {
  const [user] = await reader
    .select()
    .from(users)
    .where(eq(users.id, Number(claims.sub)))
    .limit(1);
  if (!user || user.status === USER_STATUS.deactivated) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
  // Any password change after the link was issued makes the link worthless.
  if (claims.iat !== undefined && user.passwordChangedAt.getTime() > claims.iat * 1000 + 999) {
    throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
  }
  return user;
}
