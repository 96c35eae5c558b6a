import { ORDER_FILE_MAX_BYTES, type OrderFileReadResult } from '../../common/upload/order-file';
import { isOrderFileReadAnswer, type OrderFileWorkerRequest } from './order-file-worker-protocol';

/** The messaging surface of a Worker that the reader uses, so tests can supply their own. */
export type OrderFileWorker = {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
  postMessage(message: OrderFileWorkerRequest, transfer: Transferable[]): void;
  terminate(): void;
};

/** A file pdf.js has not finished after this long is treated as unreadable (a hostile PDF may loop). */
export const ORDER_FILE_READ_TIMEOUT_MS = 30_000;

function createOrderFileWorker(): OrderFileWorker {
  // Vite bundles the worker and its imports (pdf.js included) into chunks of their own.
  return new Worker(new URL('./order-file.worker.ts', import.meta.url), { type: 'module', name: 'order-file' });
}

/** A worker started ahead by `warmOrderFileWorker`, taken by the next read. */
let warmWorker: OrderFileWorker | null = null;

/**
 * Starts the next read's worker and has it load pdf.js now (about a second in a fresh worker on
 * this machine kind), so the read itself does not wait for it. Call it when the upload is offered;
 * calling it again while a warm worker waits does nothing. Each worker still reads one file only.
 */
export function warmOrderFileWorker(createWorker: () => OrderFileWorker = createOrderFileWorker): void {
  if (warmWorker) return;
  warmWorker = createWorker();
  warmWorker.postMessage({ kind: 'warm' }, []);
}

/** Ends a warm worker nobody took (the upload was left). */
export function dropWarmOrderFileWorker(): void {
  warmWorker?.terminate();
  warmWorker = null;
}

function takeWorker(createWorker: () => OrderFileWorker): OrderFileWorker {
  const worker = warmWorker ?? createWorker();
  warmWorker = null;
  return worker;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The read was aborted', 'AbortError');
}

/**
 * Reads an order file in a Web Worker (ADR 026). A file over the size limit is refused before a
 * byte of it is read; the bytes are transferred (not copied) to a fresh worker, which ends with
 * the read, on abort (the promise rejects with the signal's reason) and after the time limit.
 * A worker that fails (its script does not load, it runs out of memory) yields `unreadable`.
 */
export async function readOrderFileInWorker(
  file: File,
  signal?: AbortSignal,
  options: { createWorker?: () => OrderFileWorker; timeoutMs?: number } = {},
): Promise<OrderFileReadResult> {
  if (file.size > ORDER_FILE_MAX_BYTES) return { ok: false, failure: 'tooLarge' };
  if (file.size === 0) return { ok: false, failure: 'empty' };
  signal?.throwIfAborted();
  const bytes = new Uint8Array(await file.arrayBuffer());
  signal?.throwIfAborted();
  const worker = takeWorker(options.createWorker ?? createOrderFileWorker);
  return new Promise<OrderFileReadResult>((resolve, reject) => {
    const finish = () => {
      worker.terminate();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal ? abortReason(signal) : undefined);
    };
    const fail = () => {
      finish();
      resolve({ ok: false, failure: 'unreadable' });
    };
    const timer = setTimeout(fail, options.timeoutMs ?? ORDER_FILE_READ_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event) => {
      // pdf.js inside the worker announces itself to the page; only the reader's answer counts.
      if (!isOrderFileReadAnswer(event.data)) return;
      finish();
      resolve(event.data.result);
    };
    worker.onerror = fail;
    worker.onmessageerror = fail;
    worker.postMessage({ kind: 'read', bytes, fileName: file.name }, [bytes.buffer]);
  });
}
