import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { Database } from './db/database';
import { outbox } from './db/schema';
import { clientIp, isLoopbackAddress } from './http/client-ip';

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Teileportal dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1b2733}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #d5dde5;padding:.5rem;text-align:left}a{color:#0b5fad}.mail{border:1px solid #d5dde5;padding:1rem;margin-top:1rem}</style>
</head><body><main>${body}</main></body></html>`;

/**
 * Development-only view of every queued and sent mail (mounted only with APP_ENV=development), so
 * that a reset or invitation link can be followed without a mail server. It answers only the
 * developer's own machine: the client (behind a trusted proxy, the address the proxy names) must
 * be a loopback address; anyone else gets the same 404 as on a server without it (issue 27 §7).
 */
export function createDevMailbox(db: Database) {
  const routes = new Hono();
  routes.use('*', async (c, next) => {
    if (!isLoopbackAddress(clientIp(c))) return c.text('Not found', 404);
    await next();
  });
  routes.get('/', async (c) => {
    const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    return c.html(
      page(
        'Mailbox',
        html`<h1>Dev mailbox</h1>
<p>Every mail the portal queued, newest first. Only on a development server, only to this machine.</p>
<table><thead><tr><th>#</th><th>To</th><th>Subject</th><th>State</th><th>Queued</th></tr></thead><tbody>
${raw(
  rows
    .map(
      (row) =>
        html`<tr><td>${row.id}</td><td>${row.recipient}</td><td><a href="/dev/mailbox/${row.id}">${row.subject}</a></td><td>${row.sentAt ? 'sent' : row.abandonedAt ? 'abandoned' : `queued (${row.attempts} attempts)`}</td><td>${row.createdAt.toISOString()}</td></tr>`,
    )
    .join(''),
)}
</tbody></table>`,
      ),
    );
  });
  routes.get('/:id{[0-9]{1,9}}', async (c) => {
    const [row] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, Number(c.req.param('id'))))
      .limit(1);
    if (!row) return c.html(page('Not found', html`<h1>No such mail</h1><p><a href="/dev/mailbox">Back</a></p>`), 404);
    return c.html(
      page(
        row.subject,
        html`<p><a href="/dev/mailbox">← All mails</a></p><h1>${row.subject}</h1>
<p>To: ${row.recipient}</p><div class="mail">${raw(row.htmlBody)}</div>`,
      ),
    );
  });
  return routes;
}
