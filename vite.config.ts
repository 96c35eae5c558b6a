import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildClientConfig } from './src/config/client-config.ts';

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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          sequence: { groupOrder: 1 },
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          sequence: { groupOrder: 2 },
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two at a time fits the 2-core machines.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:faults`: the database, the mail server or the captcha verifier fail, or
          // the server is killed; one file at a time, since they stop and start things.
          name: 'faults',
          sequence: { groupOrder: 3 },
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:cluster` (ADR 033): two portal processes, PostgreSQL and nginx; run
          // through scripts/test-cluster.ts, which checks that PostgreSQL and nginx are there.
          name: 'cluster',
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
