import { parentPort } from 'node:worker_threads';
import { renderDelayStatement } from '../delay-statement';
import type { StatementRenderRequest, StatementRenderResult } from './render-pool';

/*
 * Runs inside a worker thread: renders the statements the pool hands over, one at a time, and
 * answers with the PDF's bytes (transferred, not copied). The data was read on the main thread.
 */
const port = parentPort;
if (!port) throw new Error('The delay-statement renderer must run as a worker thread.');

port.on('message', (request: StatementRenderRequest) => {
  renderDelayStatement(request.claim, request.locale, request.company).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
      port.postMessage({ id: request.id, pdf: bytes } satisfies StatementRenderResult, [bytes.buffer]);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, error: message } satisfies StatementRenderResult);
    },
  );
});
