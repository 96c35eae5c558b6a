import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contactMessages, outbox } from '../../server/db/schema';
import { postJson, solvedCaptcha, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PROVIDER_INBOX: 'kontakt@teileportal.example' });
});
afterAll(() => server.stop());

test('a message is stored and mailed to the provider inbox', async () => {
  const { response, body } = await postJson(server, '/svc/auth/api/v1/contact-info', {
    name: 'Jana Schulz',
    email: 'jana@schulz-kfz.de',
    info: 'Wann startet die Pilotphase in Hamburg?',
    recaptcha: await solvedCaptcha(server),
  });
  expect(response.status).toBe(200);
  expect(body.message).toBe('Vielen Dank für Ihre Nachricht. Wir melden uns in Kürze.');
  expect(await server.db.select().from(contactMessages)).toEqual([
    expect.objectContaining({ name: 'Jana Schulz', info: 'Wann startet die Pilotphase in Hamburg?' }),
  ]);
  const [mail] = await server.db.select().from(outbox).where(eq(outbox.kind, 'contact-message'));
  expect(mail).toMatchObject({ recipient: 'kontakt@teileportal.example', subject: 'Kontaktanfrage von Jana Schulz' });
});

test.each([
  [{ name: '' }, 'name', 'Name ist erforderlich'],
  [{ email: 'jana@' }, 'email', 'E-Mail ist ungültig'],
  [{ info: ' ' }, 'info', 'Nachricht ist erforderlich'],
  [{ recaptcha: '' }, 'recaptcha', 'Bitte bestätigen Sie, dass Sie kein Roboter sind.'],
])('%j is refused on %s', async (change, field, message) => {
  const { response, body } = await postJson(server, '/svc/auth/api/v1/contact-info', {
    name: 'A',
    email: 'a@b.de',
    info: 'x',
    recaptcha: 'x',
    ...change,
  });
  expect(response.status).toBe(400);
  expect(body).toMatchObject({ field, message });
});

test('a name with a header-injection attempt cannot add mail headers', async () => {
  await postJson(server, '/svc/auth/api/v1/contact-info', {
    name: 'Mallory\r\nBcc: victim@example.com',
    email: 'mallory@example.com',
    info: 'hello\r\nBcc: other@example.com',
    recaptcha: await solvedCaptcha(server),
  });
  const folder = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  let eml = '';
  while (Date.now() < deadline && !eml.includes('Mallory')) {
    for (const file of readdirSync(folder)) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      if (text.includes('Mallory')) eml = text;
    }
    if (!eml) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const headers = eml.split(/\r?\n\r?\n/)[0] ?? '';
  expect(headers).toContain('Subject: Kontaktanfrage von Mallory Bcc: victim@example.com');
  expect(headers).not.toMatch(/^Bcc:/im);
});
