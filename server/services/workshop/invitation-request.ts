import type { Context } from 'hono';
import type { InvitationRequest } from '../../../common/contracts/workshop';
import { audit } from '../../audit';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import { workshopLeads } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enqueueMailToAdmins } from '../../mail/to-admins';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';

const REQUESTS_PER_IP: RateWindow = { name: 'lead-ip', limit: 20, windowSeconds: 3600 };

/**
 * An invitation request (docs/product.md §2.3), already checked by the shared schema: rate-limited
 * per client, the captcha verified (single use, fails closed), then the lead with the requester's
 * and the administrators' mails in one transaction. The JSON endpoint and the plain form post of
 * the prerendered /view-request (ADR 046) both run it. A repeat for an address with an open
 * request changes nothing and answers the same.
 */
export async function requestInvitation(deps: ServerDeps, c: Context, form: InvitationRequest) {
  const { db } = deps.database;
  const { config } = deps;
  await enforceRateLimits(db, [[REQUESTS_PER_IP, clientIp(c)]]);
  await requireSolvedCaptcha(db, config, form.recaptcha, clientIp(c));
  const locale = requestLocale(c);
  await db.transaction(async (tx) => {
    // The partial unique index allows one open request per address; a repeat changes nothing.
    const [lead] = await tx
      .insert(workshopLeads)
      .values({
        email: form.workshop_primary_email,
        workshopAccountName: form.workshop_account_name,
        mode: form.mode,
        locale,
      })
      .onConflictDoNothing()
      .returning();
    if (!lead) return;
    await enqueueMail(
      tx,
      'invitation-request-received',
      lead.email,
      mailTemplates.invitationRequestReceived(locale, { workshopName: lead.workshopAccountName }),
    );
    await enqueueMailToAdmins(tx, 'invitation-request-review', (adminLocale) =>
      mailTemplates.invitationRequestAwaitsReview(adminLocale, {
        workshopName: lead.workshopAccountName,
        email: lead.email,
        reviewUrl: `${config.publicUrl}/users/leads`,
      }),
    );
    await audit(tx, {
      actorUserId: null,
      action: 'lead.requested',
      target: `workshop-lead:${lead.id}`,
      ip: clientIp(c),
    });
  });
}
