import { type Context, Hono } from 'hono';
import { type ClaimDetail, claimListQuerySchema } from '../../../common/contracts/claims';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { requestLocale } from '../../i18n';
import { claimReferenceOf, listClaims, readClaimDetail } from '../../trade/claims';
import { statementFileName } from '../../trade/delay-statement';
import { sharedStatementRenderPool } from '../../trade/statement/render-pool';
import {
  createStatementCache,
  enforceStatementLimits,
  type StatementCache,
  statementBoundRefusal,
} from '../../trade/statement/statement-service';

/**
 * The insurer's side of claims (issue 15, ADR 030), mounted under /svc/insurer (issue 23: no longer
 * inside the workshop service): the claims shared with its organisation and not withdrawn, one
 * claim by its claim number (issue 24 §7: every order shared under it), and its delay statement
 * as PDF. Anything else (unshared, withdrawn, another
 * insurer's) answers 404. Every access is audited, refused ones included. The statement is
 * limited per user and organisation, bounded in size, rendered off the event loop and cached
 * (issue 27 §1); tests may hand in their own statement cache.
 */
export function createInsurerClaimRoutes(
  deps: ServerDeps,
  access: SessionAccess,
  statements: StatementCache = createStatementCache(sharedStatementRenderPool().render),
) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireInsurer = access.requireMember('insurer');

  routes.get('/claims', requireInsurer, access.expensive, async (c) => {
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

  /**
   * The claim a URL names (its claim number, URL-encoded; or a share id of a link from before
   * claims were by number), audited by the claim number it resolved to; `refuses` may refuse a
   * claim that was found (audited as refused too).
   */
  async function auditedClaim(
    c: Context<MemberEnv>,
    action: string,
    refuses: (claim: ClaimDetail) => ApiRefusal | null = () => null,
  ) {
    const reference = c.req.param('claim') ?? '';
    const claim = await readClaimDetail(db, c.get('organisation').id, reference);
    const refusal = claim ? refuses(claim) : null;
    await audit(db, {
      actorUserId: c.get('user').id,
      action: claim && !refusal ? action : `${action}_refused`,
      target: `claim:${claim?.claim_number ?? claimReferenceOf(reference) ?? '(invalid)'}`,
      ip: clientIp(c),
    });
    if (!claim) throw new ApiRefusal(404, 'notFound');
    if (refusal) throw refusal;
    return claim;
  }

  routes.get('/claims/:claim', requireInsurer, access.expensive, async (c) => {
    return ok(c, await auditedClaim(c, 'claim.read'));
  });

  routes.get('/claims/:claim/statement.pdf', requireInsurer, access.expensive, async (c) => {
    const organisationId = c.get('organisation').id;
    // Counted before the claim is read: a flood costs one counter write per request, no more.
    await enforceStatementLimits(db, { userId: c.get('user').id, organisationId });
    const claim = await auditedClaim(c, 'claim.statement_downloaded', statementBoundRefusal);
    const locale = requestLocale(c);
    const pdf = await statements.statement(organisationId, claim, locale, deps.config.company);
    return c.body(pdf, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${statementFileName(claim.claim_number, locale)}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  return routes;
}
