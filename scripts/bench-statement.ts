import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClaimDetail } from '../common/contracts/claims';
import { renderDelayStatement } from '../server/trade/delay-statement';
import { createStatementRenderPool, sharedStatementRenderPool } from '../server/trade/statement/render-pool';
import { createStatementCache } from '../server/trade/statement/statement-service';
import { FIXTURE_COMPANY, syntheticClaim } from '../tests/support/claim-fixture';
import { percentile } from './bench-support';

/**
 * The delay statement's cost to everyone else (issue 27 §1), a benchmark, not a test: a /healthz
 * on this process's event loop is asked one request after the other while 20 statements of a
 * 99-line claim with 1 188 events are rendered ten at a time — once on the event loop (how the
 * route rendered before), once through the worker pool, and once through the pool behind the
 * cache (the same statement twenty times, as the probe asked for it). Prints the /healthz p50/p99
 * and the burst's duration of each. `npm run bench:statement`.
 *
 * It measures the rendering's effect on the event loop, not the whole route (reading the claim
 * from the database stays on the main process as before).
 */
const STATEMENTS = 20;
const AT_ONCE = 10;

type Render = (claim: ClaimDetail, index: number) => Promise<Uint8Array>;

async function burstWithHealth(render: Render, claimFor: (index: number) => ClaimDetail) {
  const health = createServer((_, response) => response.end('ok'));
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  const { port } = health.address() as AddressInfo;
  const latencies: number[] = [];
  let bursting = true;
  const probing = (async () => {
    while (bursting) {
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/healthz`)).text();
      latencies.push(performance.now() - started);
    }
  })();
  const began = performance.now();
  let next = 0;
  const lanes = Array.from({ length: AT_ONCE }, async () => {
    while (next < STATEMENTS) {
      const index = next;
      next += 1;
      await render(claimFor(index), index);
    }
  });
  await Promise.all(lanes);
  const burstMs = performance.now() - began;
  bursting = false;
  await probing;
  await new Promise((resolve) => health.close(resolve));
  latencies.sort((a, b) => a - b);
  return { burstMs, probes: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

function line(name: string, figures: Awaited<ReturnType<typeof burstWithHealth>>) {
  return `${name.padEnd(44)} burst ${figures.burstMs.toFixed(0).padStart(6)} ms   /healthz p50 ${figures.p50.toFixed(1).padStart(7)} ms  p99 ${figures.p99.toFixed(1).padStart(7)} ms  (${figures.probes} probes)`;
}

// 99 lines with 12 events each: the probe's claim (99 lines, 1 190 events).
const distinct = (index: number) => syntheticClaim({ lines: 99, eventsPerLine: 12, claimNumber: `SCH-BENCH-${index}` });
const same = syntheticClaim({ lines: 99, eventsPerLine: 12, claimNumber: 'SCH-BENCH' });

console.log(`=== delay statements: ${STATEMENTS} of 99 lines / 1 188 events, ${AT_ONCE} at a time ===`);
const quiet = await burstWithHealth(async () => new Uint8Array(), distinct);
console.log(line('quiet (no rendering)', quiet));
const inline = await burstWithHealth((claim) => renderDelayStatement(claim, 'de', FIXTURE_COMPANY), distinct);
console.log(line('on the event loop (before)', inline));
const pool = sharedStatementRenderPool();
// The pool's workers start on first use: one statement first, so the figures are the renders'.
await pool.render(same, 'de', FIXTURE_COMPANY);
const pooled = await burstWithHealth((claim) => pool.render(claim, 'de', FIXTURE_COMPANY), distinct);
console.log(line('worker pool, 20 different statements', pooled));
const cache = createStatementCache(createStatementRenderPool({ size: 1 }).render);
const cached = await burstWithHealth(
  () => cache.statement(1, same, 'de', FIXTURE_COMPANY),
  () => same,
);
console.log(line('worker pool + cache, the same statement 20×', cached));
await pool.close();
process.exit(0);
