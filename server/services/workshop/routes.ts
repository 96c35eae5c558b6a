import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { dmsSystems, partDealers } from '../../db/schema';
import { ok } from '../../http/respond';

/** The workshop service, mounted under /svc/workshop. */
export function createWorkshopService(deps: ServerDeps) {
  const { db } = deps.database;
  const service = new Hono();

  // Reference data for the onboarding wizard; spec §7: "data.data is the list".
  service.get('/lead/dms', async (c) => {
    const rows = await db.select().from(dmsSystems).orderBy(asc(dmsSystems.id));
    return ok(c, { data: rows.map((row) => ({ id: row.id, name: row.name })) });
  });

  service.get('/lead/part-dealers', async (c) => {
    const rows = await db.select().from(partDealers).orderBy(asc(partDealers.name));
    return ok(c, { data: rows.map((row) => ({ id: row.id, name: row.name, logo_url: row.logoUrl })) });
  });

  return service;
}
