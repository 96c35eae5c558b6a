import { defineConfig } from '@lingui/cli';

/**
 * English is the source language of the code; German is the default the user sees.
 * LINGUI_CATALOG_ROOT lets the completeness test extract into a scratch folder and compare.
 */
const catalogRoot = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: `${catalogRoot}/{locale}/messages`,
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
