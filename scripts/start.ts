import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildInputHash, buildIsCurrent, STAMP_FILE } from './build-stamp';

/**
 * `npm start`: runs `npm run build` (12–18 s) only when the build's inputs changed since the build
 * in dist/ was made, then the server in this same process (one Node start less). `npm run build`
 * itself always builds.
 */
const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');
const inputHash = buildInputHash(root, process.env);

if (buildIsCurrent(distDir, inputHash)) {
  console.log('The SPA in dist/ is current (its sources and build settings are unchanged): not rebuilding.');
} else {
  rmSync(path.join(distDir, STAMP_FILE), { force: true });
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The hash of the inputs as they were when the build started: a file saved during the build
  // leaves a stamp that no longer matches, so the next start builds again.
  writeFileSync(path.join(distDir, STAMP_FILE), `${inputHash}\n`);
}

await import('../server/main');
