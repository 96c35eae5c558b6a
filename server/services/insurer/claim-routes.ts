import { type Context, Hono } from 'hono';
import { claimListQuerySchema } from '../../../common/contracts/claims';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { requestLocale } from '../../i18n';
import { listClaims, readClaimDetail } from '../../trade/claims';
import { renderDelayStatement, statementFileName } from '../../trade/delay-statement';

/**
 * The insurer's side of claims (issue 15, ADR 030), mounted under /svc/insurer (issue 23: no longer
 * inside the workshop service): the claims shared with its organisation and not withdrawn, one
 * claim, and its delay statement as PDF. Anything else (unshared, withdrawn, another
 * insurer's) answers 404. Every access is audited, refused ones included.
 */
export function createInsurerClaimRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireInsurer = access.requireMember('insurer');

  routes.get('/claims', requireInsurer, async (c) => {
    const query = parseQuery(c, claimListQuerySchema);
    const page = await listClaims(db, c.get('organisation').id, query);
    await audit(db, {
      actorUserId: c.get('user').id,
      action: 'claim.list_read',
      target: `organisation:${c.get('organisation').id}`,
      ip: clientIp(c),
      details: { page: page.page, count: page.items.length, total: page.total },
    });
    return ok(c, page);
  });

  async function auditedClaim(c: Context<MemberEnv>, action: string) {
    const claimId = Number(c.req.param('id'));
    const claim = await readClaimDetail(db, c.get('organisation').id, claimId);
    await audit(db, {
      actorUserId: c.get('user').id,
      action: claim ? action : `${action}_refused`,
      target: `claim:${claimId}`,
      ip: clientIp(c),
    });
    if (!claim) throw new ApiRefusal(404, 'notFound');
    return claim;
  }

  routes.get('/claims/:id{[0-9]{1,9}}', requireInsurer, async (c) => {
    return ok(c, await auditedClaim(c, 'claim.read'));
  });

  routes.get('/claims/:id{[0-9]{1,9}}/statement.pdf', requireInsurer, async (c) => {
    const claim = await auditedClaim(c, 'claim.statement_downloaded');
    const locale = requestLocale(c);
    const pdf = await renderDelayStatement(claim, locale);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${statementFileName(claim.claim_number, locale)}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  return routes;
}
