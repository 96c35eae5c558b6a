import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { invitedRegistrationRequestSchema } from '../../../src/contracts/user-invitation';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { consumeToken, verifyToken } from '../../tokens';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';

const invitationClaims = v.object({ first_name: v.string(), email: v.string(), company_name: v.string() });

/**
 * The part-dealer service, mounted under /svc/part-dealer. Invited-user registration lives here
 * (spec §7: /part-dealer/leads/user-register); dealer onboarding is still to be built.
 */
export function createPartDealerService(deps: ServerDeps) {
  const { db } = deps.database;
  const service = new Hono();

  service.post('/part-dealer/leads/user-register', async (c) => {
    const form = await parseJsonBody(c, invitedRegistrationRequestSchema);
    const claims = await verifyToken(deps.config.sessionSecret, 'user-invitation', form.token);
    const invited = v.safeParse(invitationClaims, claims);
    if (!invited.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    const created = await db.transaction(async (tx) => {
      await consumeToken(tx, 'user-invitation', claims.jti);
      // Name, e-mail and company come from the signed invitation, never from the body.
      const email = invited.output.email.toLowerCase();
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new ApiRefusal(409, 'accountExists');
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: invited.output.first_name,
          lastName: form.last_name,
          companyName: invited.output.company_name,
          contactNumber: form.contact_number,
          role: 'user',
          status: 1,
          services: [],
          locale: requestLocale(c),
        })
        .returning({ id: users.id, email: users.email });
      await audit(tx, {
        actorUserId: user?.id ?? null,
        action: 'user.registered_by_invitation',
        target: `user:${user?.id}`,
        ip: clientIp(c),
      });
      return user;
    });
    return ok(c, { email: created?.email ?? '' }, 'registrationComplete');
  });

  return service;
}
