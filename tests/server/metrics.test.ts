import { afterAll, beforeAll, expect, test } from 'vitest';
import { enqueueMail } from '../../server/mail/outbox';
import { mailTemplates } from '../../server/mail/templates';
import { ADMIN, loginCookie, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let metricsUrl: string;
beforeAll(async () => {
  // A slow mail poll, so that a queued mail is still waiting when the metrics are read.
  server = await startTestServer({ METRICS_PORT: '0', MAIL_POLL_MS: '600000' });
  metricsUrl = `http://127.0.0.1:${server.metricsPort}/metrics`;
});
afterAll(() => server.stop());

async function scrape() {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series, e.g. `teileportal_live_streams` or `name{label="x"}` (labels as exposed). */
function seriesValue(exposition: string, series: string) {
  const line = exposition.split('\n').find((text) => text.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

test('the public listener answers 404 on /metrics, the metrics listener only serves /metrics', async () => {
  for (const method of ['GET', 'POST']) {
    const response = await fetch(server.url('/metrics'), { method, headers: { origin: server.origin } });
    expect(response.status, method).toBe(404);
    expect(await response.text()).not.toContain('http_requests_total');
  }
  expect((await fetch(`http://127.0.0.1:${server.metricsPort}/`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${server.metricsPort}/healthz`)).status).toBe(404);
});

test('without METRICS_PORT there is no metrics listener', async () => {
  const plain = await startTestServer();
  try {
    expect(plain.metricsPort).toBeNull();
    expect((await fetch(plain.url('/metrics'))).status).toBe(404);
  } finally {
    await plain.stop();
  }
});

test('requests are counted and timed by route pattern, method and status, never by raw path', async () => {
  await fetch(server.url('/healthz'));
  await fetch(server.url('/healthz'));
  const cookie = await loginCookie(server, ADMIN.email, ADMIN.password);
  for (const id of [424242, 434343]) {
    await fetch(server.url(`/svc/workshop/inquiries/${id}`), { headers: { cookie } });
  }
  const exposition = await scrape();
  expect(
    seriesValue(exposition, 'http_requests_total{method="GET",route="/healthz",status="200"}'),
  ).toBeGreaterThanOrEqual(2);
  expect(exposition).toMatch(/http_requests_total\{method="POST",route="\/svc\/auth\/api\/v1\/login",status="200"\} 1/);
  expect(exposition).toMatch(
    /http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/healthz",status="200"\}/,
  );
  const byPattern = exposition
    .split('\n')
    .filter((line) =>
      line.startsWith('http_requests_total{method="GET",route="/svc/workshop/inquiries/:id{[0-9]{1,9}}"'),
    );
  expect(byPattern).toHaveLength(1);
  expect(byPattern[0]).toMatch(/ 2$/);
  expect(exposition).not.toContain('424242');
  expect(exposition).not.toContain('434343');
});

test('outbox depth, live streams, database pool use and process figures are exposed', async () => {
  await enqueueMail(
    server.db,
    'test',
    'someone@example.com',
    mailTemplates.contactMessage('de', {
      name: 'Metrics',
      email: 'metrics@example.com',
      info: 'waiting in the outbox',
    }),
  );
  const exposition = await scrape();
  expect(seriesValue(exposition, 'teileportal_outbox_pending{queue="mail"}')).toBeGreaterThanOrEqual(1);
  expect(seriesValue(exposition, 'teileportal_outbox_pending{queue="trade_mail"}')).toBe(0);
  expect(seriesValue(exposition, 'teileportal_live_streams')).toBe(server.liveHub.size());
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  expect(seriesValue(exposition, `teileportal_database_up{kind="${kind}"}`)).toBe(1);
  expect(seriesValue(exposition, `teileportal_database_pool_connections{kind="${kind}",state="max"}`)).toBeGreaterThan(
    0,
  );
  expect(seriesValue(exposition, `teileportal_database_pool_connections{kind="${kind}",state="open"}`)).toBeGreaterThan(
    0,
  );
  if (kind === 'postgres') {
    expect(seriesValue(exposition, 'teileportal_database_pool_connections{kind="postgres",state="waiting"}')).toBe(0);
  }
  expect(exposition).toContain('process_resident_memory_bytes');
  expect(exposition).toContain('nodejs_eventloop_lag_seconds');
});
