import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE, type FileDurations } from '../tests/setup/longest-first-sequencer';

/**
 * `npm run test:durations`: keeps the file durations of the last Vitest run on this machine (its
 * cache, node_modules/.vite/vitest/…/results.json) in tests/durations.json, which orders the files
 * of a run without a cache, as in CI (tests/setup/longest-first-sequencer.ts). Run it after a
 * CI-like run (`FUZZ_RUNS=1000`, `DATABASE_URL` set), so that the fuzz files weigh what they weigh
 * there. Files the last run did not touch keep their committed figure.
 */
const root = path.resolve(import.meta.dirname, '..');
const cacheRoot = path.join(root, 'node_modules/.vite/vitest');
const caches = existsSync(cacheRoot)
  ? readdirSync(cacheRoot)
      .map((folder) => path.join(cacheRoot, folder, 'results.json'))
      .filter((file) => existsSync(file))
  : [];
if (caches.length === 0) {
  console.error(`no Vitest results under ${path.relative(root, cacheRoot)}: run the tests first`);
  process.exit(1);
}

type CachedResults = { results: [string, { duration: number; failed: boolean }][] };
const durations: FileDurations = existsSync(DURATIONS_FILE)
  ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as FileDurations)
  : {};
let taken = 0;
for (const cache of caches) {
  for (const [key, { duration }] of (JSON.parse(readFileSync(cache, 'utf8')) as CachedResults).results) {
    const [, file] = key.split(':');
    // A file that was removed or renamed since is dropped, not carried along.
    if (!file || !existsSync(path.join(root, file)) || duration <= 0) continue;
    durations[key] = Math.round(duration);
    taken += 1;
  }
}
for (const key of Object.keys(durations)) {
  const [, file] = key.split(':');
  if (!file || !existsSync(path.join(root, file))) delete durations[key];
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${taken} durations taken, ${Object.keys(sorted).length} in ${path.relative(root, DURATIONS_FILE)}`);
