import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { clusterPrerequisitesMissing } from './cluster-prerequisites';
import type { RunErrors } from './vitest-run-errors-reporter';

/**
 * `npm test`: every check and every suite, in the order a reviewer would run them, with one
 * closing line "N passed, N failed". Set DATABASE_URL to also run the server suite on PostgreSQL (at the
 * same time as on PGlite). FUZZ_RUNS (100 here, 1 000 in CI) and FUZZ_SEED (new each run) steer the fuzz. The
 * cluster test runs when PostgreSQL and nginx are there (skipped with one line otherwise).
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'teileportal-reports-'));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failing test by file and name with the start of its message, printed last: CI keeps only the tail of the output. */
const failedTests: string[] = [];
const firstLines = (message: string | undefined, count = 3) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => `      ${line.trim().slice(0, 200)}`)
    .join('\n');
/** Each step's wall-clock time, printed as a table at the end (issue 23: where the suite's time goes). */
const timings: { name: string; seconds: number }[] = [];
const startedAt = performance.now();

function step(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ name, seconds: (performance.now() - started) / 1000 });
  if (result.status !== 0) failures.push(name);
  return result;
}

function printTimings() {
  const minutes = (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
  console.log('\nwhere the time went (wall clock, m:ss):');
  for (const { name, seconds } of timings) console.log(`  ${minutes(seconds).padStart(6)}  ${name}`);
  console.log(`  ${minutes((performance.now() - startedAt) / 1000).padStart(6)}  npm test in all`);
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
/**
 * One Vitest step with its JSON report counted, and whatever failed it named in the closing lines:
 * a failed test, a file that failed outside any test, an error outside any test (its own
 * reporter, scripts/vitest-run-errors-reporter.ts), or else the exit code itself.
 */
function vitestStep(name: string, projects: string[]) {
  const file = path.join(reports, `${projects[0]?.replace(/\W+/g, '-')}.json`);
  const runErrorsFile = file.replace(/\.json$/, '-run-errors.json');
  const result = step(
    name,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--reporter=${path.join(root, 'scripts/vitest-run-errors-reporter.ts')}`,
      `--outputFile.json=${file}`,
    ],
    { RUN_ERRORS_FILE: runErrorsFile },
  );
  const named = failedTests.length;
  countVitest(file);
  if (existsSync(runErrorsFile)) {
    const { errors } = JSON.parse(readFileSync(runErrorsFile, 'utf8')) as RunErrors;
    for (const error of errors) {
      const during = error.during === '' ? '' : `, during ${error.during}`;
      // The stack starts with the name and message; a few of its frames say where it was thrown.
      failedTests.push(
        `  ✗ ${name}: an error outside any test${during}\n${firstLines(error.stack || `${error.name}: ${error.message}`, 6)}`,
      );
    }
  }
  if (result.status !== 0 && failedTests.length === named) {
    const ended = result.signal ? `signal ${result.signal}` : `exit code ${result.status}`;
    failedTests.push(
      existsSync(file)
        ? `  ✗ ${name}: Vitest ended with ${ended} although no test failed (its output above says why)`
        : `  ✗ ${name}: Vitest ended with ${ended} and wrote no report: its tests are not counted (its output above says why)`,
    );
  }
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name);
    const failedAssertions = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedAssertions) {
      failedTests.push(`  ✗ ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    }
    // A file that failed outside any test (an import, a hook) has no failed assertion to name.
    if (result.status === 'failed' && failedAssertions.length === 0) {
      failedTests.push(`  ✗ ${where} (outside a test)\n${firstLines(result.message)}`);
    }
  }
}

type PlaywrightSuite = {
  specs?: {
    title: string;
    file: string;
    line: number;
    tests?: { projectName?: string; results?: { status: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (last?.status === 'passed') passed += 1;
        else if (last?.status !== 'skipped') {
          failed += 1;
          failedTests.push(
            `  ✗ tests/e2e/${spec.file}:${spec.line} › ${spec.title}\n${firstLines(last?.error?.message)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  walk(JSON.parse(readFileSync(file, 'utf8')) as PlaywrightSuite);
}

/**
 * A preparation for the e2e step, run in the background beside the fault suite (which mostly waits:
 * mail retries, restarts) and the cluster test, instead of at the start of the e2e step with the
 * CPU to itself (ADR 038).
 * Its output goes to a file, printed if it fails; true once it succeeded. Its time is what it took
 * until `npm test` looked again (the end of the step it ran beside at the earliest).
 */
function startBeside(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const log = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const output = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', output, output], env: { ...process.env, ...env } });
  closeSync(output);
  return new Promise<boolean>((resolve) => {
    child.on('close', (code) => {
      timings.push({ name: `${name} (beside faults and cluster)`, seconds: (performance.now() - started) / 1000 });
      if (code !== 0) {
        console.log(
          `\n▶ ${name} failed (exit ${code}); the e2e step does it again itself:\n${readFileSync(log, 'utf8')}`,
        );
      }
      resolve(code === 0);
    });
  });
}

step('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint and format (Biome, incl. the import-direction rules)', bin('biome'), ['check', '.']);

// One seed for every property of this run, printed so that a failure can be replayed (ADR 038).
process.env.FUZZ_SEED ||= String(randomInt(2 ** 31 - 1));
process.env.FUZZ_RUNS ||= '100';
console.log(
  `fuzz: FUZZ_SEED=${process.env.FUZZ_SEED} FUZZ_RUNS=${process.env.FUZZ_RUNS} — replay a failure with both, e.g.\n` +
    `  FUZZ_SEED=${process.env.FUZZ_SEED} FUZZ_RUNS=${process.env.FUZZ_RUNS} npx vitest run --project server tests/server/fuzz-endpoints- -t '<endpoint>'`,
);

// The server suite runs on PGlite and, with DATABASE_URL, on PostgreSQL at the same time: the
// projects `server` and `server-postgres` share one Vitest run and one report (vite.config.ts).
vitestStep(
  `unit, model and server tests (server on embedded PGlite${process.env.DATABASE_URL ? ' and, at the same time, on PostgreSQL' : ''})`,
  ['unit', 'model', 'server*'],
);

// The production build the e2e portals serve, and the layout check's data (the demo and more,
// tests/e2e/layout-fixture.ts) seeded once for both layout spec files to copy.
const productionBuild = startBeside('production build for the e2e tests', 'npm', ['run', 'build']);
const layoutTemplate = path.join(reports, 'layout-fixture');
mkdirSync(layoutTemplate);
const layoutSeeded = startBeside(
  'layout fixture for the e2e tests',
  process.execPath,
  ['--import', 'tsx', 'tests/e2e/layout-fixture.ts'],
  {
    DATA_DIR: layoutTemplate,
    LOG_LEVEL: 'warn',
  },
);

vitestStep(
  `fault suite: database, mail server and captcha verifier down, server killed (${process.env.DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only; set DATABASE_URL for the database-down tests'})`,
  ['faults'],
);

// Two portal processes behind nginx on PostgreSQL (ADR 033): run where both are present (CI installs
// nginx and starts PostgreSQL, so there a missing one fails the run instead of skipping it).
const clusterMissing = clusterPrerequisitesMissing();
if (clusterMissing) {
  console.log(`\n▶ cluster test skipped: ${clusterMissing}`);
  if (process.env.CI) failures.push(`cluster test (${clusterMissing})`);
} else {
  vitestStep('cluster test: two processes on one PostgreSQL behind nginx, one stopped and restarted under load', [
    'cluster',
  ]);
}

// Both go on through the cluster test if they need to.
const [built, layoutReady] = await Promise.all([productionBuild, layoutSeeded]);
const e2e = path.join(reports, 'playwright.json');
step(
  'end-to-end tests in Chromium (production build on npm start’s server)',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2e,
    DATABASE_URL: '',
    ...(built ? { E2E_APP_BUILT: '1' } : {}),
    ...(layoutReady ? { E2E_LAYOUT_TEMPLATE: layoutTemplate } : {}),
  },
);
countPlaywright(e2e);

printTimings();
if (failedTests.length > 0) console.log(`\nfailed tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.log(`\n✗ failed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
