import type { OrderFileReadResult } from '../../common/upload/order-file';
import type { OrderFileWorkerAnswer, OrderFileWorkerRequest } from './order-file-worker-protocol';
import { readOrderFile } from './read-order-file';
import { loadPdfReader } from './read-order-pdf';

/**
 * The upload worker (ADR 026): reads one order file off the page's thread. pdf.js comes with
 * the PDF reader as a chunk of this worker only; the page never loads it.
 */

/** The part of a dedicated worker's global scope this file uses (the project's lib is DOM). */
type WorkerScope = {
  onmessage: ((event: MessageEvent<OrderFileWorkerRequest>) => void) | null;
  postMessage(message: OrderFileWorkerAnswer): void;
};
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'warm') {
    void loadPdfReader()
      .catch(() => undefined)
      .then(() => scope.postMessage({ kind: 'orderFileWarm' }));
    return;
  }
  readOrderFile(request.bytes, request.fileName)
    // A reader bug or an exhausted pdf.js on a hostile file is the file's failure, not a crash.
    .catch((): OrderFileReadResult => ({ ok: false, failure: 'unreadable' }))
    .then((result) => scope.postMessage({ kind: 'orderFileRead', result }));
};
