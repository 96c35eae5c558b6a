import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  UPLOAD_LAYOUTS_PER_ORGANISATION,
  type UploadLayout,
  uploadLayoutListQuerySchema,
  uploadLayoutSaveSchema,
} from '../../../common/contracts/upload-layouts';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { organisations, uploadLayouts } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';

function toLayout(row: typeof uploadLayouts.$inferSelect): UploadLayout {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    shape: row.shape,
    roles: row.roles,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Saved column mappings of order files (issue 14), mounted under /svc/workshop: list (optionally
 * for one file shape), save by name (a name the organisation already uses is overwritten: a
 * layout is a preference of the workshop, not a record two people edit against each other), and
 * delete. Workshop users only; every query is scoped to the caller's organisation, so another
 * organisation's layout id is answered with 404.
 */
export function createUploadLayoutRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  routes.get('/upload-layouts', member, async (c) => {
    const { shape } = parseQuery(c, uploadLayoutListQuerySchema);
    const organisationId = c.get('organisation').id;
    const rows = await db
      .select()
      .from(uploadLayouts)
      .where(
        shape === undefined
          ? eq(uploadLayouts.organisationId, organisationId)
          : and(eq(uploadLayouts.organisationId, organisationId), eq(uploadLayouts.shape, shape)),
      )
      .orderBy(desc(uploadLayouts.updatedAt), desc(uploadLayouts.id));
    return ok(c, rows.map(toLayout));
  });

  routes.put('/upload-layouts', member, async (c) => {
    const body = await parseJsonBody(c, uploadLayoutSaveSchema);
    const organisationId = c.get('organisation').id;
    const userId = c.get('user').id;
    const saved = await db.transaction(async (tx) => {
      // One writer per organisation at a time, so two saves cannot both pass the count below.
      await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .for('update');
      const [existing] = await tx
        .select({ id: uploadLayouts.id })
        .from(uploadLayouts)
        .where(and(eq(uploadLayouts.organisationId, organisationId), eq(uploadLayouts.name, body.name)))
        .limit(1);
      if (!existing) {
        const [counted] = await tx
          .select({ total: count() })
          .from(uploadLayouts)
          .where(eq(uploadLayouts.organisationId, organisationId));
        if ((counted?.total ?? 0) >= UPLOAD_LAYOUTS_PER_ORGANISATION) throw new ApiRefusal(409, 'tooManyLayouts');
      }
      const [row] = await tx
        .insert(uploadLayouts)
        .values({
          organisationId,
          name: body.name,
          kind: body.kind,
          shape: body.shape,
          roles: body.roles,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoUpdate({
          target: [uploadLayouts.organisationId, uploadLayouts.name],
          set: { kind: body.kind, shape: body.shape, roles: body.roles, updatedBy: userId, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new ApiRefusal(500, 'serverError');
      await audit(tx, {
        actorUserId: userId,
        action: existing ? 'upload-layout.overwritten' : 'upload-layout.created',
        target: `upload-layout:${row.id}`,
        ip: clientIp(c),
      });
      return row;
    });
    return ok(c, toLayout(saved), 'layoutSaved');
  });

  routes.delete('/upload-layouts/:layoutId{[0-9]{1,9}}', member, async (c) => {
    const organisationId = c.get('organisation').id;
    const layoutId = Number(c.req.param('layoutId'));
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(uploadLayouts)
        .where(and(eq(uploadLayouts.id, layoutId), eq(uploadLayouts.organisationId, organisationId)))
        .returning({ id: uploadLayouts.id });
      if (!removed) throw new ApiRefusal(404, 'notFound');
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: 'upload-layout.deleted',
        target: `upload-layout:${layoutId}`,
        ip: clientIp(c),
      });
    });
    return ok(c, true, 'layoutDeleted');
  });

  return routes;
}
