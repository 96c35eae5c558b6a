import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * What `npm run test:cluster` needs (ADR 033): Debian's nginx and a reachable PostgreSQL on which
 * a fresh database can be created (DATABASE_URL, else the local server's `postgres` database).
 * Returns null when both are there, else the one line that says why the cluster test is skipped.
 */
export function clusterPrerequisitesMissing(): string | null {
  const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
  if (!existsSync(nginx)) return `nginx not found at ${nginx} (apt-get install nginx-light, or set NGINX)`;
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))",
      url,
    ],
    // From the repository, so `pg` resolves from its node_modules.
    { stdio: 'ignore', cwd: path.resolve(import.meta.dirname, '..') },
  );
  if (probe.status !== 0) return `PostgreSQL not reachable at ${url.replace(/\/\/[^@]*@/, '//…@')}`;
  return null;
}
