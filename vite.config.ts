import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { testScratchDir } from './scripts/test-scratch.ts';
import { buildClientConfig } from './src/config/client-config.ts';
import { LongestFirstSequencer } from './tests/setup/longest-first-sequencer.ts';

/**
 * The server suite (run by the projects `server` and `server-postgres`): each file starts its own
 * server and database; two files at a time per database fit the 2-core machines, since much of a
 * server test's time is spent waiting for the server.
 */
const scratchDir = testScratchDir();
/** The data folders of the server, fault and cluster tests in memory where the machine allows (scripts/test-scratch.ts). */
const scratchEnv: Record<string, string> = scratchDir ? { TMPDIR: scratchDir } : {};

const serverSuite = {
  sequence: { groupOrder: 0 },
  include: ['tests/server/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
  // The files of a worker share its module cache: the server is imported once per worker, not once
  // per file (3–4 s of CPU each). Each file still starts and stops servers and databases of its own,
  // and tests/setup/no-leftovers.ts fails a file that leaves anything running (ADR 038).
  isolate: false,
  setupFiles: ['tests/setup/no-leftovers.ts'],
};

export default defineConfig(({ mode }) => ({
  // Order matters (stack-notes.md): the router plugin before react(), the Lingui macro via babel.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    vanillaExtractPlugin(),
  ],
  define: {
    // The same variable names as the server's (.env, then the real environment, which wins);
    // a bad value fails the build naming the variable (common/env-parse.ts).
    __APP_CONFIG__: JSON.stringify(buildClientConfig({ ...loadEnv(mode, process.cwd(), ''), ...process.env })),
  },
  server: {
    proxy: {
      '/svc': 'http://127.0.0.1:3000',
      '/api': 'http://127.0.0.1:3000',
      '/captcha': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
      '/dev/mailbox': 'http://127.0.0.1:3000',
    },
  },
  // The order-file worker (ADR 026) loads pdf.js lazily: code splitting inside a worker needs
  // module workers, which every es2022 browser runs.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules supports modulepreload: no polyfill in src/boot.ts.
    modulePreload: { polyfill: false },
    manifest: true,
    sourcemap: false,
  },
  test: {
    // Unit, model and both server projects form one group (groupOrder 0) with one queue for the two
    // workers, longest file first: a group's last file no longer runs alone while a core idles
    // before the next group may start (issue 23 §5, ADR 038).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // Vitest's default is one worker less than the cores: one on these 2-core machines, which
          // left a core idle through the whole jsdom run (issue 23: measured, see ADR 038).
          maxWorkers: 2,
          // Vitest's 5 s per test is a speed check in disguise on a busy machine (issue 23 §5).
          testTimeout: 30_000,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one module cache per worker, not per file (the environment and imports were
          // two thirds of the unit project's time); tests/setup/dom.ts and no-leftovers.ts reset and
          // check what a file could leave behind (ADR 038).
          isolate: false,
          setupFiles: ['tests/setup/dom.ts', 'tests/setup/no-leftovers.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          testTimeout: 30_000,
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['tests/setup/dom.ts', 'tests/setup/no-leftovers.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...serverSuite,
          name: 'server',
          // Embedded PGlite, whatever DATABASE_URL says; each file copies the migrated template.
          env: { ...scratchEnv, DATABASE_URL: '' },
          globalSetup: ['tests/setup/pglite-template.ts'],
        },
      },
      // With DATABASE_URL the same files run again on PostgreSQL, at the same time as on PGlite (the
      // same groupOrder), each file in a database copied from the migrated template (ADR 038).
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...serverSuite,
                name: 'server-postgres',
                env: { ...scratchEnv, DATABASE_URL: process.env.DATABASE_URL },
                globalSetup: ['tests/setup/postgres-template.ts'],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          // `npm run test:faults`: the database, the mail server or the captcha verifier fail, or
          // the server is killed; one file at a time, since they stop and start things.
          name: 'faults',
          env: scratchEnv,
          sequence: { groupOrder: 3 },
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/postgres-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: much of this suite waits (a mail retried after 1, 2, 4 and 8 s, a
          // killed process restarting), and each file has servers, ports and databases of its own.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:cluster` (ADR 033): two portal processes, PostgreSQL and nginx; run
          // through scripts/test-cluster.ts, which checks that PostgreSQL and nginx are there.
          name: 'cluster',
          env: scratchEnv,
          sequence: { groupOrder: 4 },
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
}));
