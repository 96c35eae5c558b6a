import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
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
 *  2. In Chromium, with the built worker from dist/ (skipped when dist/ has none; BENCH_UPLOAD_DIST
 *     names another build): "Chromium" from creating a fresh worker to its answer (pdf.js is
 *     loaded on the way), "Chr.warm" from posting the file to a worker that was warmed ahead
 *     (warmOrderFileWorker: pdf.js loaded while the person chooses the file).
 */
const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 10);
const TARGET_MS = 1000;
const LINES = 2000;

type Sample = { name: string; bytes: Uint8Array; fileName: string };
type Timing = { first: number; median: number; p95: number; cpuMedian: number | null };

function summarise(first: number, rest: number[], cpu: number[] | null = null): Timing {
  const sorted = [...rest].sort((a, b) => a - b);
  const cpuSorted = cpu ? [...cpu].sort((a, b) => a - b) : null;
  return {
    first,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    cpuMedian: cpuSorted ? percentile(cpuSorted, 0.5) : null,
  };
}

function expectRows(result: OrderFileReadResult, where: string) {
  if (!result.ok || result.table.rows.length !== LINES)
    throw new Error(`${where}: expected ${LINES} rows, got ${JSON.stringify(result).slice(0, 300)}`);
}

async function inNode(sample: Sample): Promise<Timing> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await readOrderFile(sample.bytes, sample.fileName);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    if (run > 0) cpuTimes.push((cpu.user + cpu.system) / 1000);
    expectRows(result, `${sample.name} in Node`);
  }
  const [first = Number.NaN, ...rest] = times;
  return summarise(first, rest, cpuTimes);
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
    // tsx compiles this file keeping function names (`__name(...)`), also inside the functions
    // handed to page.evaluate; the page needs the helper too.
    await page.addInitScript(() => {
      (globalThis as unknown as { __name: (target: unknown) => unknown }).__name = (target) => target;
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    for (const warm of [false, true])
      for (const sample of samples) {
        const times: number[] = [];
        for (let run = 0; run <= runs; run++) {
          const { ms, result } = await page.evaluate(
            async ({ url, bytes, fileName, warm }) => {
              const data = new Uint8Array(bytes);
              const worker = new Worker(url, { type: 'module' });
              const answerOf = (kind: string) =>
                new Promise<OrderFileReadResult>((resolve, reject) => {
                  // As readOrderFileInWorker does: pdf.js's own "ready" message is not the answer.
                  worker.onmessage = (event: MessageEvent<{ kind?: string; result: OrderFileReadResult }>) => {
                    if (event.data.kind === kind) resolve(event.data.result);
                  };
                  worker.onerror = (event) => reject(new Error(event.message));
                });
              // Warmed (warmOrderFileWorker): pdf.js was loaded while the person chose the file.
              if (warm) {
                const warmed = answerOf('orderFileWarm');
                worker.postMessage({ kind: 'warm' });
                await warmed;
              }
              const started = performance.now();
              const answer = answerOf('orderFileRead');
              worker.postMessage({ kind: 'read', bytes: data, fileName }, [data.buffer]);
              const result = await answer;
              const elapsed = performance.now() - started;
              worker.terminate();
              return { ms: elapsed, result };
            },
            { url: `/assets/${workerFile}`, bytes: [...sample.bytes], fileName: sample.fileName, warm },
          );
          expectRows(result, `${sample.name} in Chromium`);
          times.push(ms);
        }
        const [first = Number.NaN, ...rest] = times;
        figures.set(`${sample.name}${warm ? ' warm' : ''}`, summarise(first, rest));
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

const format = (ms: number | null) => (ms === null ? '      –' : ms.toFixed(0).padStart(7));
const verdict = (timing: Timing) => (timing.p95 < TARGET_MS ? 'ok' : `OVER ${TARGET_MS} ms`);
const [load1] = loadavg();
console.log(
  `\nOrder files: read time in ms (first run, then median and p95 of ${runs}; "cpu" = median CPU time of the Node process); target p95 < ${TARGET_MS} ms; load average ${load1?.toFixed(1)} on ${availableParallelism()} cores`,
);
console.log('file                  where       KB    first  median     p95     cpu  target');
const failures: string[] = [];
for (const sample of samples) {
  const timing = await inNode(sample);
  const line = `${sample.name.padEnd(20)}  Node    ${(sample.bytes.length / 1024).toFixed(0).padStart(6)}  ${format(timing.first)} ${format(timing.median)} ${format(timing.p95)} ${format(timing.cpuMedian)}  ${verdict(timing)}`;
  console.log(line);
  if (timing.p95 >= TARGET_MS) failures.push(`${sample.name} in Node`);
}
if (process.env.BENCH_UPLOAD_BROWSER !== '0') {
  const browserFigures = await inChromium(samples);
  if (typeof browserFigures === 'string') console.log(`Chromium worker: skipped, ${browserFigures}`);
  else
    for (const [name, timing] of browserFigures) {
      const where = name.endsWith(' warm') ? 'Chr.warm' : 'Chromium';
      const sample = samples.find((candidate) => name.startsWith(candidate.name));
      console.log(
        `${(sample?.name ?? name).padEnd(20)}  ${where}${((sample?.bytes.length ?? 0) / 1024).toFixed(0).padStart(6)}  ${format(timing.first)} ${format(timing.median)} ${format(timing.p95)} ${format(timing.cpuMedian)}  ${verdict(timing)}`,
      );
      if (timing.p95 >= TARGET_MS) failures.push(`${name} in Chromium`);
    }
}
console.log(
  failures.length === 0
    ? `a ${LINES}-line order file is read in under ${TARGET_MS} ms`
    : `target missed (a benchmark figure, not a failure): ${failures.join(', ')}`,
);
