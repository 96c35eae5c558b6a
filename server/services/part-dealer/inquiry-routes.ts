import { type Context, Hono } from 'hono';
import { dealerInboxQuerySchema, quoteAnswerSchema, versionedReasonSchema } from '../../../common/contracts/trading';
import type { ServerDeps } from '../../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { answerInquiry, declineInquiry, markInquirySeen } from '../../trade/dealer-answers';
import { readDealerInbox } from '../../trade/dealer-inbox';
import { dealerInquiry } from '../../trade/inquiry-detail';
import { answerHeldFirstPage, readListPage } from '../../trade/list-cache';
import type { TradeActor } from '../../trade/trade-actor';

/**
 * The inquiries a dealer received (issue 13, ADR 023), mounted under /svc/part-dealer: the inbox
 * and one inquiry with this dealer's own answer (reads), and the adapters of the dealer's
 * commands in server/trade/dealer-answers.ts (ADR 035): marking it seen, answering, declining.
 * Every statement is scoped by `inquiry_recipients.dealer_organisation_id` = the caller's
 * organisation: an inquiry it did not receive is 404, and another dealer's quote is never read.
 */
export function createDealerInquiryRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('dealer');

  const actorOf = (c: Context<MemberEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('user').id,
  });
  const inquiryIdOf = (c: Context<MemberEnv>) => Number(c.req.param('id'));

  routes.get(
    '/inquiries',
    member,
    answerHeldFirstPage(deps.readCaches.lists, 'dealerInbox', dealerInboxQuerySchema),
    access.expensive,
    async (c) => {
      const query = parseQuery(c, dealerInboxQuerySchema);
      const organisationId = c.get('organisation').id;
      const load = () => readDealerInbox(db, organisationId, query);
      return ok(c, await readListPage(deps.readCaches.lists, 'dealerInbox', organisationId, query, load));
    },
  );

  routes.get('/inquiries/:id{[0-9]{1,9}}', member, async (c) => {
    const found = await dealerInquiry(db, {
      inquiryId: inquiryIdOf(c),
      dealerOrganisationId: c.get('organisation').id,
    });
    if (!found) throw new ApiRefusal(404, 'notFound');
    return ok(c, found);
  });

  /** The dealer's view of an inquiry after a command (ADR 035: commands write, routes read back). */
  const readBack = async (c: Context<MemberEnv>, { inquiryId }: { inquiryId: number }) => {
    const found = await dealerInquiry(db, { inquiryId, dealerOrganisationId: c.get('organisation').id });
    if (!found) throw new ApiRefusal(404, 'notFound');
    return found;
  };

  // Opening an inquiry the first time tells the workshop it was seen; later calls change nothing.
  routes.post('/inquiries/:id{[0-9]{1,9}}/seen', member, async (c) =>
    ok(c, await readBack(c, await markInquirySeen(db, actorOf(c), inquiryIdOf(c)))),
  );

  routes.put('/inquiries/:id{[0-9]{1,9}}/answer', member, async (c) => {
    const answer = await parseJsonBody(c, quoteAnswerSchema);
    return ok(c, await readBack(c, await answerInquiry(db, actorOf(c), inquiryIdOf(c), answer)), 'answerSaved');
  });

  routes.post('/inquiries/:id{[0-9]{1,9}}/decline', member, async (c) => {
    const decline = await parseJsonBody(c, versionedReasonSchema);
    return ok(c, await readBack(c, await declineInquiry(db, actorOf(c), inquiryIdOf(c), decline)), 'inquiryDeclined');
  });

  return routes;
}
