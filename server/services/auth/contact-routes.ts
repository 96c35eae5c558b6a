import { Hono } from 'hono';
import { contactMessageSchema } from '../../../common/contracts/contact';
import { audit } from '../../audit';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import { contactMessages } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ok, parseJsonBody } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';

const MESSAGES_PER_IP: RateWindow = { name: 'contact-ip', limit: 10, windowSeconds: 3600 };

/** The landing page's contact form (docs/product.md §7: /contact-info): stored, then mailed to PROVIDER_INBOX. */
export function createContactRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const routes = new Hono();
  routes.post('/contact-info', async (c) => {
    const message = await parseJsonBody(c, contactMessageSchema);
    await enforceRateLimits(db, [[MESSAGES_PER_IP, clientIp(c)]]);
    await requireSolvedCaptcha(db, deps.config, message.recaptcha, clientIp(c));
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(contactMessages)
        .values({ name: message.name, email: message.email, info: message.info, locale })
        .returning({ id: contactMessages.id });
      // The provider reads German; the sender's language is kept with the message.
      await enqueueMail(tx, 'contact-message', deps.config.providerInbox, mailTemplates.contactMessage('de', message));
      await audit(tx, {
        actorUserId: null,
        action: 'contact.received',
        target: `contact:${stored?.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, null, 'contactSent');
  });
  return routes;
}
