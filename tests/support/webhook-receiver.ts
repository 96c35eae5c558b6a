import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type ReceivedWebhook = { headers: Record<string, string>; body: string };

/** How the receiver answers: a status, never (slow), or a huge body after the status. */
export type ReceiverBehaviour =
  | { kind: 'answer'; status: number }
  | { kind: 'never' }
  | { kind: 'huge'; bytes: number };

/**
 * A webhook receiver on a loopback address (127.0.0.x: the only addresses tests may deliver to).
 * It records every request; `behaviour` can be changed between deliveries; `bytesSent` tells how
 * much of a huge answer was written before the portal hung up.
 */
export async function startWebhookReceiver(host = '127.0.0.2', port = 0) {
  const received: ReceivedWebhook[] = [];
  let behaviour: ReceiverBehaviour = { kind: 'answer', status: 204 };
  let hugeBytesSent = 0;
  let hugeClosed: Promise<void> = Promise.resolve();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      if (behaviour.kind === 'answer') {
        response.writeHead(behaviour.status).end();
      } else if (behaviour.kind === 'huge') {
        const total = behaviour.bytes;
        const chunk = Buffer.alloc(64 * 1024, 120);
        hugeBytesSent = 0;
        const body = Readable.from(
          (function* () {
            while (hugeBytesSent < total) {
              hugeBytesSent += chunk.length;
              yield chunk;
            }
          })(),
        );
        hugeClosed = new Promise((resolve) => response.on('close', () => resolve()));
        response.writeHead(200, { 'content-type': 'text/plain' });
        body.pipe(response);
      }
      // 'never': the request stays open until the portal gives up.
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    received,
    url: (pathname = '/hooks') => `http://${host}:${address.port}${pathname}`,
    port: address.port,
    answer(next: ReceiverBehaviour) {
      behaviour = next;
    },
    /** Resolves when the huge answer's connection closed; how many bytes were written by then. */
    async hugeBytesWritten() {
      await hugeClosed;
      return hugeBytesSent;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
