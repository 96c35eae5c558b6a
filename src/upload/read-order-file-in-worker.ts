import { ORDER_FILE_MAX_BYTES, type OrderFileReadResult } from '../../common/upload/order-file';
import type { OrderFileWorkerRequest } from './order-file.worker';

/** The messaging surface of a Worker that the reader uses, so tests can supply their own. */
export type OrderFileWorker = {
  onmessage: ((event: MessageEvent<OrderFileReadResult>) => void) | null;
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
  const worker = (options.createWorker ?? createOrderFileWorker)();
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
      finish();
      resolve(event.data);
    };
    worker.onerror = fail;
    worker.onmessageerror = fail;
    worker.postMessage({ bytes, fileName: file.name }, [bytes.buffer]);
  });
}
