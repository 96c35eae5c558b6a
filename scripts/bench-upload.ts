import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { OrderFileReadResult } from '../common/upload/order-file';
import { readOrderFile } from '../src/upload/read-order-file';
import { csvWithRows, manyOrderLines, orderPdf } from '../tests/support/order-files';
import { percentile } from './bench-support';
import { chromeFlags, chromePath } from './chromium';

/**
 * `npm run bench` (first part) or `node --import tsx scripts/bench-upload.ts`: how long reading a
 * 2 000-line order file takes (ADR 026; target: previewed in under a second).
 *  1. In Node, the same `readOrderFile` the upload worker runs: the first read (which loads
 *     pdf.js) and the median and p95 of BENCH_UPLOAD_RUNS more (default 10).
 *  2. In Chromium, with the built worker from dist/ (skipped when dist/ has none): from creating
 *     the worker to its answer, as the upload flow does it (a fresh worker per file, so pdf.js is
 *     loaded every time; the browser's code cache helps after the first).
 */
const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 10);
const TARGET_MS = 1000;
const LINES = 2000;

type Sample = { name: string; bytes: Uint8Array; fileName: string };
type Timing = { first: number; median: number; p95: number };

function summarise(first: number, rest: number[]): Timing {
  const sorted = [...rest].sort((a, b) => a - b);
  return { first, median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

function expectRows(result: OrderFileReadResult, where: string) {
  if (!result.ok || result.table.rows.length !== LINES)
    throw new Error(`${where}: expected ${LINES} rows, got ${result.ok ? result.table.rows.length : result.failure}`);
}

async function inNode(sample: Sample): Promise<Timing> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const result = await readOrderFile(sample.bytes, sample.fileName);
    times.push(performance.now() - started);
    expectRows(result, `${sample.name} in Node`);
  }
  const [first = Number.NaN, ...rest] = times;
  return summarise(first, rest);
}

function serveDist(dist: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>upload bench</title>');
      return;
    }
    const file = path.join(dist, path.normalize(pathname));
    if (!file.startsWith(dist)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function inChromium(samples: Sample[]): Promise<Map<string, Timing> | string> {
  const dist = path.resolve(process.env.BENCH_UPLOAD_DIST ?? path.join(root, 'dist'));
  let workerFile: string | undefined;
  try {
    workerFile = readdirSync(path.join(dist, 'assets')).find((name) => /^order-file\.worker-.*\.js$/.test(name));
  } catch {
    return 'no dist/ (run npm run build)';
  }
  if (!workerFile) return 'dist/ has no order-file worker (no screen uses it yet)';
  const server = await serveDist(dist);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const figures = new Map<string, Timing>();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    for (const sample of samples) {
      const times: number[] = [];
      for (let run = 0; run <= runs; run++) {
        const { ms, result } = await page.evaluate(
          async ({ url, bytes, fileName }) => {
            const data = new Uint8Array(bytes);
            const started = performance.now();
            const worker = new Worker(url, { type: 'module' });
            const answer = await new Promise<OrderFileReadResult>((resolve, reject) => {
              worker.onmessage = (event: MessageEvent<OrderFileReadResult>) => resolve(event.data);
              worker.onerror = (event) => reject(new Error(event.message));
              worker.postMessage({ bytes: data, fileName }, [data.buffer]);
            });
            const elapsed = performance.now() - started;
            worker.terminate();
            return { ms: elapsed, result: answer };
          },
          { url: `/assets/${workerFile}`, bytes: [...sample.bytes], fileName: sample.fileName },
        );
        expectRows(result, `${sample.name} in Chromium`);
        times.push(ms);
      }
      const [first = Number.NaN, ...rest] = times;
      figures.set(sample.name, summarise(first, rest));
    }
  } finally {
    await browser.close();
    server.close();
  }
  return figures;
}

const samples: Sample[] = [
  { name: `CSV, ${LINES} lines`, bytes: csvWithRows(LINES), fileName: 'bench.csv' },
  {
    name: `PDF, ${LINES} lines`,
    bytes: await orderPdf({ lines: manyOrderLines(LINES), linesPerPage: 45 }),
    fileName: 'bench.pdf',
  },
];

const format = (ms: number) => ms.toFixed(0).padStart(7);
const verdict = (timing: Timing) => (timing.p95 < TARGET_MS ? 'ok' : `OVER ${TARGET_MS} ms`);
console.log(`\nOrder files: read time in ms (first run, then median and p95 of ${runs}); target p95 < ${TARGET_MS} ms`);
console.log('file                  where       KB    first  median     p95  target');
const failures: string[] = [];
for (const sample of samples) {
  const timing = await inNode(sample);
  const line = `${sample.name.padEnd(20)}  Node    ${(sample.bytes.length / 1024).toFixed(0).padStart(6)}  ${format(timing.first)} ${format(timing.median)} ${format(timing.p95)}  ${verdict(timing)}`;
  console.log(line);
  if (timing.p95 >= TARGET_MS) failures.push(`${sample.name} in Node`);
}
if (process.env.BENCH_UPLOAD_BROWSER !== '0') {
  const browserFigures = await inChromium(samples);
  if (typeof browserFigures === 'string') console.log(`Chromium worker: skipped, ${browserFigures}`);
  else
    for (const sample of samples) {
      const timing = browserFigures.get(sample.name);
      if (!timing) continue;
      console.log(
        `${sample.name.padEnd(20)}  Chromium${(sample.bytes.length / 1024).toFixed(0).padStart(6)}  ${format(timing.first)} ${format(timing.median)} ${format(timing.p95)}  ${verdict(timing)}`,
      );
      if (timing.p95 >= TARGET_MS) failures.push(`${sample.name} in Chromium`);
    }
}
console.log(
  failures.length === 0
    ? `a ${LINES}-line order file is read in under ${TARGET_MS} ms`
    : `target missed (a benchmark figure, not a failure): ${failures.join(', ')}`,
);
