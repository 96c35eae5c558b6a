import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migratePostgresOnce, openDatabase } from '../../server/db/database';
import { freshPostgresDatabase } from './fresh-postgres';

/**
 * Migrated databases that every server test file starts from (ADR 038): migrating PGlite takes
 * seconds on a quiet machine and over thirty on a busy one, per file; copying a migrated data
 * directory, or `CREATE DATABASE … TEMPLATE` on PostgreSQL, takes a fraction of that. The global
 * setups (tests/setup/*-template.ts) build them once per run from the current migrations and
 * provide their places; the server still runs its migrator on the copy, which finds nothing to do.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder whose `pgdata` is a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** The name of a migrated database on DATABASE_URL's server, with no one connected to it. */
    postgresTemplate: string;
  }
}

export async function buildPgliteTemplate() {
  const folder = mkdtempSync(path.join(tmpdir(), 'teileportal-template-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: folder });
  await database.close();
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export async function buildPostgresTemplate(baseUrl: string) {
  const template = await freshPostgresDatabase(baseUrl, 'tp_template');
  await migratePostgresOnce(template.url);
  return template;
}

/** Fills `dataDir` with a copy of the run's migrated PGlite, when a global setup built one. */
export function copyPgliteTemplate(dataDir: string) {
  const template = inject('pgliteTemplate');
  if (template) cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
}

/** The run's migrated PostgreSQL database to copy, when a global setup built one. */
export function postgresTemplate(): string | undefined {
  return inject('postgresTemplate');
}
