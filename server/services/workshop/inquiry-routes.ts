import { type Context, Hono } from 'hono';
import { fitmentLookupQuerySchema, vehicleTypeKey } from '../../../common/contracts/fitment';
import { inquiryCreateSchema, inquiryListQuerySchema, versionOnlySchema } from '../../../common/contracts/trading';
import type { ServerDeps } from '../../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { cancelInquiry } from '../../trade/cancel-inquiry';
import { createInquiry } from '../../trade/create-inquiry';
import { inquiryDetail } from '../../trade/inquiry-detail';
import { listInquiries } from '../../trade/inquiry-list';
import { learnedFitment } from '../../trade/learned-fitment';
import { answerHeldFirstPage, readListPage } from '../../trade/list-cache';
import type { TradeActor } from '../../trade/trade-actor';

/**
 * The workshop's inquiries (issue 13, ADR 023), mounted under /svc/workshop: send one inquiry to
 * several active dealers, list and read them, cancel one. The lifecycle machines decide every
 * status change; every change is appended to the trade event log in its transaction. Every
 * statement is scoped to the caller's workshop organisation: another workshop's inquiry is 404.
 */
export function createInquiryRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  const inquiryId = (c: Context<MemberEnv>) => Number(c.req.param('id'));
  const actorOf = (c: Context<MemberEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('user').id,
  });

  /** The workshop's inquiry as it is after a command (ADR 035: commands write, routes read back). */
  const readBack = async (c: Context<MemberEnv>, id: number) => {
    const detail = await inquiryDetail(db, { inquiryId: id, workshopOrganisationId: c.get('organisation').id });
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return detail;
  };

  routes.post('/inquiries', member, async (c) => {
    const body = await parseJsonBody(c, inquiryCreateSchema);
    const { inquiryId: id } = await createInquiry(db, actorOf(c), body);
    return ok(c, await readBack(c, id), 'inquirySent');
  });

  routes.get(
    '/inquiries',
    member,
    answerHeldFirstPage(deps.readCaches.lists, 'workshopInquiries', inquiryListQuerySchema),
    access.expensive,
    async (c) => {
      const query = parseQuery(c, inquiryListQuerySchema);
      const organisationId = c.get('organisation').id;
      const load = () => listInquiries(db, organisationId, query);
      return ok(c, await readListPage(deps.readCaches.lists, 'workshopInquiries', organisationId, query, load));
    },
  );

  /**
   * Learned fitment while a new inquiry is typed (ADR 028): per part number, what earlier orders
   * of every workshop for this vehicle type tell, as counts only.
   */
  routes.get('/fitment', member, access.expensive, async (c) => {
    const query = parseQuery(c, fitmentLookupQuerySchema);
    const facts = await learnedFitment(db, vehicleTypeKey(query), query.parts);
    const items = [...facts].map(([part, fact]) => ({ part_number_normalised: part, ...fact }));
    return ok(c, { items });
  });

  routes.get('/inquiries/:id{[0-9]{1,9}}', member, async (c) => {
    const detail = await inquiryDetail(db, {
      inquiryId: inquiryId(c),
      workshopOrganisationId: c.get('organisation').id,
    });
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/inquiries/:id{[0-9]{1,9}}/cancel', member, async (c) => {
    const input = await parseJsonBody(c, versionOnlySchema);
    const { inquiryId: id } = await cancelInquiry(db, actorOf(c), inquiryId(c), input);
    return ok(c, await readBack(c, id), 'inquiryCancelled');
  });

  return routes;
}
