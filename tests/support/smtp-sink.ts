import { SMTPServer } from 'smtp-server';

/**
 * A mail server for tests: accepts every mail on 127.0.0.1 and counts each Message-ID it received
 * (the outbox's `<outbox-ID@teileportal.local>`, so a duplicate shows as 2) and each connection made
 * to it. Port 0 takes a free one; `port` is the one it listens on. `received` lets a sink started
 * again on the same port go on counting in the same map; `refuses` names recipients it answers
 * with a temporary failure (451), as a full mailbox does.
 */
export function startSmtpSink(
  port: number,
  options: { received?: Map<string, number>; refuses?: (recipient: string) => boolean } = {},
) {
  const received = options.received ?? new Map<string, number>();
  let connections = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) {
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? 'none';
        received.set(messageId, (received.get(messageId) ?? 0) + 1);
        callback();
      });
    },
  });
  return new Promise<{
    port: number;
    received: Map<string, number>;
    connections: () => number;
    stop: () => Promise<void>;
  }>((resolve, reject) => {
    sink.on('error', reject);
    sink.listen(port, '127.0.0.1', () => {
      const address = sink.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        received,
        connections: () => connections,
        stop: () => new Promise<void>((done) => sink.close(() => done())),
      });
    });
  });
}
