import { existsSync } from 'node:fs';
import { loadServerConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../server/demo/seed-demo';

/**
 * `npm run seed:demo [-- --inquiries N]`: fills the portal's database (the same DATA_DIR or
 * DATABASE_URL as `npm start`) with a realistic demo — workshops, dealers, 500 inquiries in every
 * state with quotes, orders, backorders and returns — and prints the logins. Run it while the
 * portal is stopped when the database is the embedded one (PGlite allows one process at a time).
 * Seeding twice changes nothing.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const argument = process.argv.indexOf('--inquiries');
const inquiryCount = argument >= 0 ? Number(process.argv[argument + 1]) : 500;
if (!Number.isInteger(inquiryCount) || inquiryCount < 1 || inquiryCount > 200_000) {
  console.error('--inquiries takes a whole number from 1 to 200000');
  process.exit(1);
}
let config: ReturnType<typeof loadServerConfig>;
try {
  config = loadServerConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const started = performance.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDemo(database.db, { inquiryCount, log: (line) => console.log(`  ${line}`) });
  if (!result.created) console.log('The demo data is there already; nothing was changed.');
  else {
    console.log(
      `Demo data written in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.entries(result.counts)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')}`,
    );
  }
  console.log(`\nDemo logins (password ${DEMO_PASSWORD}):`);
  for (const workshop of result.workshops) console.log(`  workshop  ${workshop.email.padEnd(40)} ${workshop.name}`);
  for (const dealer of result.dealers) console.log(`  dealer    ${dealer.email.padEnd(40)} ${dealer.name}`);
} finally {
  await database.close();
}
