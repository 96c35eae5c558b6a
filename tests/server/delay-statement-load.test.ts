import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { ClaimDetail } from '../../common/contracts/claims';
import type { ServerLocale } from '../../server/i18n';
import { createStatementRenderPool, type StatementRenderPool } from '../../server/trade/statement/render-pool';
import {
  createStatementCache,
  STATEMENT_MAX_EVENTS,
  STATEMENT_MAX_LINES,
  statementBoundRefusal,
} from '../../server/trade/statement/statement-service';
import { FIXTURE_COMPANY, syntheticClaim } from '../support/claim-fixture';

/*
 * The delay statement under load (issue 27 §1), below the route: its cache renders each version
 * once, its bound refuses what is too large, and its render pool keeps the event loop free. The
 * route's 429s and cached bytes over HTTP are in insurer-claims.test.ts.
 */

const pools: StatementRenderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** A renderer that counts its renders and answers bytes naming what it rendered. */
function countingRenderer() {
  const rendered: string[] = [];
  const render = async (claim: ClaimDetail, locale: ServerLocale) => {
    rendered.push(`${claim.claim_number}/${locale}`);
    return new TextEncoder().encode(`%PDF-${claim.claim_number}-${locale}-${rendered.length}-${'x'.repeat(100)}`);
  };
  return { render, rendered };
}

describe('the statement cache', () => {
  test('the same claim version and language is rendered once; the bytes are the same', async () => {
    const { render, rendered } = countingRenderer();
    const cache = createStatementCache(render);
    const claim = syntheticClaim({ lines: 3, eventsPerLine: 2 });
    const first = await cache.statement(1, claim, 'de', FIXTURE_COMPANY);
    const second = await cache.statement(1, structuredClone(claim), 'de', FIXTURE_COMPANY);
    expect(second).toBe(first);
    expect(rendered).toHaveLength(1);
    // Ten at once while nothing is cached yet share one render.
    const claimB = syntheticClaim({ lines: 3, eventsPerLine: 2, claimNumber: 'SCH-B' });
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => cache.statement(1, claimB, 'de', FIXTURE_COMPANY)),
    );
    expect(new Set(burst).size).toBe(1);
    expect(rendered).toHaveLength(2);
  });

  test('another language, a new event or another organisation is another version', async () => {
    const { render, rendered } = countingRenderer();
    const cache = createStatementCache(render);
    const claim = syntheticClaim({ lines: 3, eventsPerLine: 2 });
    await cache.statement(1, claim, 'de', FIXTURE_COMPANY);
    await cache.statement(1, claim, 'en', FIXTURE_COMPANY);
    const moved = structuredClone(claim);
    moved.orders[0]?.events.push({ ...(claim.orders[0]?.events[0] as ClaimDetail['orders'][0]['events'][0]), id: 99 });
    await cache.statement(1, moved, 'de', FIXTURE_COMPANY);
    await cache.statement(2, claim, 'de', FIXTURE_COMPANY);
    expect(rendered).toHaveLength(4);
    await cache.statement(1, claim, 'en', FIXTURE_COMPANY);
    expect(rendered).toHaveLength(4);
  });

  test('holds at most its bound in bytes, dropping the least recently used', async () => {
    const { render, rendered } = countingRenderer();
    const first = await render(syntheticClaim({ lines: 1, eventsPerLine: 0 }), 'de');
    rendered.length = 0;
    const cache = createStatementCache(render, first.byteLength * 2 + 10);
    const claims = ['A', 'B', 'C'].map((claimNumber) => syntheticClaim({ lines: 1, eventsPerLine: 0, claimNumber }));
    const [a, b, c] = claims as [ClaimDetail, ClaimDetail, ClaimDetail];
    await cache.statement(1, a, 'de', FIXTURE_COMPANY);
    await cache.statement(1, b, 'de', FIXTURE_COMPANY);
    await cache.statement(1, a, 'de', FIXTURE_COMPANY); // A is now the most recent
    await cache.statement(1, c, 'de', FIXTURE_COMPANY); // B goes
    expect(cache.size()).toBe(2);
    expect(cache.bytes()).toBeLessThanOrEqual(first.byteLength * 2 + 10);
    await cache.statement(1, a, 'de', FIXTURE_COMPANY);
    expect(rendered).toEqual(['A/de', 'B/de', 'C/de']);
    await cache.statement(1, b, 'de', FIXTURE_COMPANY);
    expect(rendered).toEqual(['A/de', 'B/de', 'C/de', 'B/de']);
  });

  test('a failed render is not kept', async () => {
    let calls = 0;
    const cache = createStatementCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('worker died');
      return new TextEncoder().encode('%PDF-');
    });
    const claim = syntheticClaim({ lines: 1, eventsPerLine: 0 });
    await expect(cache.statement(1, claim, 'de', FIXTURE_COMPANY)).rejects.toThrow('worker died');
    await expect(cache.statement(1, claim, 'de', FIXTURE_COMPANY)).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe('the bound of one statement', () => {
  const refusal = (claim: ClaimDetail) => {
    const refused = statementBoundRefusal(claim);
    return refused && { status: refused.status, messageId: refused.messageId };
  };

  test('the largest claim seen (99 lines, 1 190 events) and claims at the bound are rendered', () => {
    expect(refusal(syntheticClaim({ lines: 99, eventsPerLine: 12 }))).toBeNull();
    expect(refusal(syntheticClaim({ lines: STATEMENT_MAX_LINES, eventsPerLine: 0 }))).toBeNull();
    expect(refusal(syntheticClaim({ lines: 1, eventsPerLine: STATEMENT_MAX_EVENTS }))).toBeNull();
  });

  test('one line or one event more is a translated 422', () => {
    const tooLarge = { status: 422, messageId: 'statementTooLarge' };
    expect(refusal(syntheticClaim({ lines: STATEMENT_MAX_LINES + 1, eventsPerLine: 0 }))).toEqual(tooLarge);
    expect(refusal(syntheticClaim({ lines: 1, eventsPerLine: STATEMENT_MAX_EVENTS + 1 }))).toEqual(tooLarge);
  });
});

/** Atomics.waitAsync (Node 16+, ES2024; the project's TypeScript lib predates it). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

/** Resolves once another thread has set `gate[index]` (and notified), without blocking this one. */
async function untilFlagged(gate: Int32Array, index: number) {
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  const waiting = waitAsync(gate, index, 0);
  if (waiting.async) await waiting.value;
}

describe('the render pool', () => {
  test('the real worker renders the statement PDF', async () => {
    const pool = createStatementRenderPool({ size: 1 });
    pools.push(pool);
    const pdf = await pool.render(syntheticClaim({ lines: 2, eventsPerLine: 1 }), 'de', FIXTURE_COMPANY);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect(pdf.byteLength).toBeGreaterThan(1000);
  });

  test('while a render blocks its worker, the event loop answers /healthz; the queue waits for the worker', async () => {
    const gate = new Int32Array(new SharedArrayBuffer(8));
    const pool = createStatementRenderPool({
      size: 1,
      workerUrl: new URL('../support/blocked-render-worker.mjs', import.meta.url),
      workerData: { gate: gate.buffer },
    });
    pools.push(pool);
    const health = createServer((_, response) => response.end('ok'));
    await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
    try {
      let settled = 0;
      const renders = ['SCH-1', 'SCH-2'].map((claimNumber) =>
        pool.render(syntheticClaim({ lines: 1, eventsPerLine: 0, claimNumber }), 'de', FIXTURE_COMPANY).then((pdf) => {
          settled += 1;
          return new TextDecoder().decode(pdf);
        }),
      );
      // The worker has the first statement and is blocked in it.
      await untilFlagged(gate, 1);
      const { port } = health.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await answer.text()).toBe('ok');
      expect(settled).toBe(0);
      expect(pool.queued()).toBe(1);
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      expect(await Promise.all(renders)).toEqual(['%PDF-SCH-1', '%PDF-SCH-2']);
    } finally {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      await new Promise((resolve) => health.close(resolve));
    }
  });

  test('a worker that dies fails its statement, and the next one gets a fresh worker', async () => {
    const pool = createStatementRenderPool({ size: 1, workerUrl: new URL('data:text/javascript,process.exit(3)') });
    pools.push(pool);
    await expect(pool.render(syntheticClaim({ lines: 1, eventsPerLine: 0 }), 'de', FIXTURE_COMPANY)).rejects.toThrow(
      /exited|code 3/,
    );
  });
});
