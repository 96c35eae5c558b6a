import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadServerConfig } from '../server/config';
import { inquiries } from '../server/db/schema';
import { createLogger } from '../server/logger';
import { startServer } from '../server/start';
import { appendTradeEvents } from '../server/trade/event-log';
import { insertWorkshop, MEMBER_PASSWORD } from '../tests/support/organisations';

/**
 * The server side of `npm run bench:api -- live` (scripts/bench-api.ts), started as a child
 * process with IPC: the real server (PGlite, or DATABASE_URL) plus a workshop member, and trade
 * events appended on request the way an API request appends them (in a transaction, NOTIFY at
 * commit), so the live fan-out is measured in the process that serves the streams. Not a test.
 */
type Request = { type: 'append' } | { type: 'streams' } | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);
const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-live-'));
const config = loadServerConfig({
  ...process.env,
  PORT: '0',
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(dataDir, 'no-spa'),
  LOG_LEVEL: 'warn',
  MAIL_POLL_MS: '60000',
});
const server = await startServer(config, createLogger('warn'));
const { db } = server.database;
const member = { email: 'live@bench.local', password: MEMBER_PASSWORD };
const workshop = await insertWorkshop(db, { name: 'Bench Live KFZ', ownerEmail: member.email });
const [inquiry] = await db
  .insert(inquiries)
  .values({
    workshopOrganisationId: workshop.organisation.id,
    createdBy: workshop.owner.id,
    status: 'sent',
    closesAt: new Date(Date.now() + 86_400_000),
  })
  .returning();
if (!inquiry) throw new Error('inquiry insert returned nothing');

process.on('message', async (message: Request) => {
  if (message.type === 'append') {
    const [row] = await db.transaction((tx) =>
      appendTradeEvents(tx, [
        {
          kind: 'inquiry.quoted',
          inquiryId: inquiry.id,
          entity: 'inquiry',
          entityId: inquiry.id,
          before: 'sent',
          after: 'quoted',
          actorUserId: workshop.owner.id,
          workshopOrganisationId: workshop.organisation.id,
          dealerOrganisationIds: [],
        },
      ]),
    );
    // Wall-clock time with sub-millisecond precision, comparable with the bench process's.
    send({ type: 'appended', id: row?.id, committedAt: performance.timeOrigin + performance.now() });
  } else if (message.type === 'streams') {
    send({ type: 'streams', count: server.liveHub.size() });
  } else if (message.type === 'stop') {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
send({ type: 'ready', origin: `http://127.0.0.1:${server.port}`, member });
