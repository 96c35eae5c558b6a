import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_FILE_MAX_BYTES } from '../../common/upload/order-file';
import type { OrderFileWorkerAnswer, OrderFileWorkerRequest } from '../../src/upload/order-file-worker-protocol';
import { readOrderFile } from '../../src/upload/read-order-file';
import {
  dropWarmOrderFileWorker,
  type OrderFileWorker,
  readOrderFileInWorker,
  warmOrderFileWorker,
} from '../../src/upload/read-order-file-in-worker';
import { germanCsv, germanCsvRows } from '../support/order-files';

/** A worker stand-in; `answer` decides what it does with a request (nothing: it hangs). */
function fakeWorker(
  answer?: (worker: OrderFileWorker, request: Extract<OrderFileWorkerRequest, { kind: 'read' }>) => void,
) {
  const worker: OrderFileWorker & { transferred: Transferable[]; terminated: number; requests: string[] } = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    transferred: [],
    terminated: 0,
    requests: [],
    postMessage(message, transfer) {
      worker.requests.push(message.kind);
      if (message.kind !== 'read') return;
      worker.transferred = transfer;
      answer?.(worker, message);
    },
    terminate() {
      worker.terminated += 1;
    },
  };
  return worker;
}

function fileOf(bytes: Uint8Array, name: string) {
  return new File([bytes.slice()], name);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readOrderFileInWorker', () => {
  it('refuses a file over 5 MB without reading it or starting a worker', async () => {
    const arrayBuffer = vi.fn();
    const createWorker = vi.fn();
    const huge = { name: 'gross.pdf', size: ORDER_FILE_MAX_BYTES + 1, arrayBuffer } as unknown as File;
    expect(await readOrderFileInWorker(huge, undefined, { createWorker })).toEqual({ ok: false, failure: 'tooLarge' });
    expect(arrayBuffer).not.toHaveBeenCalled();
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('transfers the bytes to the worker, answers with its table and ends the worker', async () => {
    const worker = fakeWorker((self, request) => {
      // As the real worker does when it reads a PDF: pdf.js's own announcement comes first.
      self.onmessage?.(new MessageEvent('message', { data: { sourceName: 'worker', action: 'ready', data: null } }));
      void readOrderFile(request.bytes, request.fileName).then((result) => {
        const answer: OrderFileWorkerAnswer = { kind: 'orderFileRead', result };
        self.onmessage?.(new MessageEvent('message', { data: answer }));
      });
    });
    const result = await readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), undefined, {
      createWorker: () => worker,
    });
    expect(result.ok && result.table.rows).toEqual(germanCsvRows);
    expect(worker.transferred).toHaveLength(1);
    expect(worker.transferred[0]).toBeInstanceOf(ArrayBuffer);
    expect(worker.terminated).toBe(1);
  });

  it('ends the worker and rejects when the read is aborted', async () => {
    const worker = fakeWorker();
    const controller = new AbortController();
    const reading = readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), controller.signal, {
      createWorker: () => worker,
    });
    await vi.waitFor(() => expect(worker.transferred).toHaveLength(1));
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(1);
  });

  it('does not start a worker when aborted before', async () => {
    const controller = new AbortController();
    controller.abort();
    const createWorker = vi.fn();
    await expect(
      readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), controller.signal, { createWorker }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('turns a failing worker into an unreadable file', async () => {
    const worker = fakeWorker((self) => self.onerror?.(new ErrorEvent('error', { message: 'out of memory' })));
    const result = await readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), undefined, {
      createWorker: () => worker,
    });
    expect(result).toEqual({ ok: false, failure: 'unreadable' });
    expect(worker.terminated).toBe(1);
  });

  it('reads with the worker warmed ahead, once, and ends it', async () => {
    const warmed = fakeWorker((self, request) => {
      void readOrderFile(request.bytes, request.fileName).then((result) => {
        const answer: OrderFileWorkerAnswer = { kind: 'orderFileRead', result };
        self.onmessage?.(new MessageEvent('message', { data: answer }));
      });
    });
    warmOrderFileWorker(() => warmed);
    warmOrderFileWorker(() => fakeWorker());
    const createWorker = vi.fn(() => fakeWorker());
    const result = await readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), undefined, { createWorker });
    expect(result.ok).toBe(true);
    expect(warmed.requests).toEqual(['warm', 'read']);
    expect(warmed.terminated).toBe(1);
    expect(createWorker).not.toHaveBeenCalled();
    // The next read gets a fresh worker: nothing of one file survives into the next.
    const hanging = fakeWorker();
    const controller = new AbortController();
    const next = readOrderFileInWorker(fileOf(germanCsv(), 'x.csv'), controller.signal, {
      createWorker: () => hanging,
    });
    await vi.waitFor(() => expect(hanging.requests).toEqual(['read']));
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends a warm worker nobody took', () => {
    const warmed = fakeWorker();
    warmOrderFileWorker(() => warmed);
    dropWarmOrderFileWorker();
    expect(warmed.terminated).toBe(1);
  });

  it('gives up on a worker that does not answer in time', async () => {
    const worker = fakeWorker();
    vi.useFakeTimers();
    const reading = readOrderFileInWorker(fileOf(germanCsv(), 'export.csv'), undefined, {
      createWorker: () => worker,
      timeoutMs: 1000,
    });
    await vi.waitFor(() => expect(worker.transferred).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await reading).toEqual({ ok: false, failure: 'unreadable' });
    expect(worker.terminated).toBe(1);
  });
});
