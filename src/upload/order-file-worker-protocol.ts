import type { OrderFileReadResult } from '../../common/upload/order-file';

/**
 * The messages between the page and the upload worker. Kept apart from the worker's module so
 * the page imports them without pulling the reader (and pdf.js) into its own chunks.
 */
export type OrderFileWorkerRequest =
  | { kind: 'read'; bytes: Uint8Array; fileName: string }
  /** Load pdf.js ahead, while the person is still choosing a file (answered with `orderFileWarm`). */
  | { kind: 'warm' };

/**
 * The answer, marked: pdf.js, once loaded into a worker, installs its own message handler on the
 * worker's global scope and posts a `ready` message to the page, which must not be taken for it.
 */
export type OrderFileWorkerAnswer = { kind: 'orderFileRead'; result: OrderFileReadResult } | { kind: 'orderFileWarm' };

export function isOrderFileReadAnswer(
  data: unknown,
): data is Extract<OrderFileWorkerAnswer, { kind: 'orderFileRead' }> {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'orderFileRead';
}
