import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompanySettings } from '../../../common/company-settings';
import type { ClaimDetail } from '../../../common/contracts/claims';
import type { ServerLocale } from '../../i18n';

/** Renders one delay statement to its PDF bytes; the route sees only this, tests inject their own. */
export type StatementRenderer = (
  claim: ClaimDetail,
  locale: ServerLocale,
  company: CompanySettings,
) => Promise<Uint8Array<ArrayBuffer>>;

/** What the pool posts to a worker: the data read on the main thread, plain and cloneable. */
export type StatementRenderRequest = { id: number; claim: ClaimDetail; locale: ServerLocale; company: CompanySettings };
export type StatementRenderResult = { id: number; pdf: Uint8Array<ArrayBuffer> } | { id: number; error: string };

type Task = {
  request: StatementRenderRequest;
  resolve: (pdf: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
};

type PoolWorker = { worker: Worker; task: Task | null };

export type StatementRenderPoolOptions = {
  size: number;
  /** The worker script; tests hand in their own (e.g. one that blocks until released). */
  workerUrl?: URL;
  workerData?: unknown;
};

export type StatementRenderPool = {
  render: StatementRenderer;
  /** Statements waiting for a free worker (not counting the ones being rendered). */
  queued: () => number;
  /** Ends every worker; a statement still rendering is refused. */
  close: () => Promise<void>;
};

export const DEFAULT_RENDER_WORKER_URL = new URL('./render-worker.mjs', import.meta.url);

/**
 * A pool of `size` worker threads that render delay statements (issue 27 §1): pdfkit lays out a
 * large claim for half a second of CPU, which on the event loop stalled every organisation's
 * requests. Workers start on first use and are unref'd, so an idle pool never holds the process
 * open; a worker that dies fails its one statement and is replaced on the next.
 */
export function createStatementRenderPool(options: StatementRenderPoolOptions = { size: 1 }): StatementRenderPool {
  const workerUrl = options.workerUrl ?? DEFAULT_RENDER_WORKER_URL;
  const workers: PoolWorker[] = [];
  const waiting: Task[] = [];
  let nextId = 1;
  let closed = false;

  function startWorker() {
    const entry: PoolWorker = { worker: new Worker(workerUrl, { workerData: options.workerData }), task: null };
    entry.worker.unref();
    entry.worker.on('message', (result: StatementRenderResult) => {
      const task = entry.task;
      if (!task || task.request.id !== result.id) return;
      entry.task = null;
      if ('pdf' in result) task.resolve(result.pdf);
      else task.reject(new Error(`The delay statement could not be rendered: ${result.error}`));
      dispatch();
    });
    const fail = (error: Error) => {
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
      entry.task?.reject(error);
      entry.task = null;
      dispatch();
    };
    entry.worker.on('error', fail);
    entry.worker.on('exit', (code) => fail(new Error(`The statement render worker exited (code ${code}).`)));
    workers.push(entry);
    return entry;
  }

  function dispatch() {
    while (!closed && waiting.length > 0) {
      const idle =
        workers.find((entry) => entry.task === null) ?? (workers.length < options.size ? startWorker() : null);
      if (!idle) return;
      const task = waiting.shift() as Task;
      idle.task = task;
      idle.worker.postMessage(task.request);
    }
  }

  return {
    render(claim, locale, company) {
      if (closed) return Promise.reject(new Error('The statement render pool is closed.'));
      return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        waiting.push({ request: { id: nextId++, claim, locale, company }, resolve, reject });
        dispatch();
      });
    },
    queued: () => waiting.length,
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('The statement render pool is closed.'));
      await Promise.all(workers.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}

let sharedPool: StatementRenderPool | null = null;

/**
 * The process's one render pool: one worker per core left over after the event loop's, at most
 * two (a portal node has few cores; the pool queues the rest, the limits bound the queue).
 */
export function sharedStatementRenderPool() {
  sharedPool ??= createStatementRenderPool({ size: Math.max(1, Math.min(2, availableParallelism() - 1)) });
  return sharedPool;
}
