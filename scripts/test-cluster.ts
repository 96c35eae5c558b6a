import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clusterPrerequisitesMissing } from './cluster-prerequisites';

/**
 * `npm run test:cluster` (issue 16, ADR 033): two portal processes on one fresh PostgreSQL
 * database behind Debian's nginx, with a load run while one process is stopped and restarted.
 * Skipped with one line when nginx or PostgreSQL is missing; CLUSTER_REQUIRED=1 (CI) fails instead.
 */
const root = path.resolve(import.meta.dirname, '..');
const missing = clusterPrerequisitesMissing();
if (missing) {
  console.log(`cluster test skipped: ${missing}`);
  process.exit(process.env.CLUSTER_REQUIRED === '1' ? 1 : 0);
}
const result = spawnSync(
  path.join(root, 'node_modules/.bin', 'vitest'),
  ['run', '--project', 'cluster', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
