/**
 * TEMPORARY placeholder on branch `uflow` (issue 14): the real parser comes from branch `uparse`
 * (`readOrderFileInWorker`, reading in a Web Worker) and replaces this file at merge. It exists
 * only so the upload flow compiles and is wired in one place (src/routes/_authenticated/inquiries/new.tsx).
 */
import type { OrderFileReadResult } from '../../common/upload/order-file';

export async function readOrderFileInWorker(_file: File, _signal?: AbortSignal): Promise<OrderFileReadResult> {
  return { ok: false, failure: 'unreadable' };
}
