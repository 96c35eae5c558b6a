import net from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that a fault test can cut (open connections
 * reset, new ones refused, as when the database host goes away) and restore on the same port.
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  options: {
    /**
     * Per channel, holds back what the database sends on the connection that LISTENs on it by this
     * many ms (the order kept): its notifications arrive late, as on a loaded network, while every
     * query runs at full speed.
     */
    listenerDelayMs?: Record<string, number>;
  } = {},
) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        const delays = options.listenerDelayMs;
        if (delays === undefined) {
          client.pipe(upstream).pipe(client);
          return;
        }
        let delayMs = 0;
        client.on('data', (chunk: Buffer) => {
          for (const [channel, ms] of Object.entries(delays)) {
            if (chunk.includes(`LISTEN "${channel}"`)) delayMs = ms;
          }
          upstream.write(chunk);
        });
        client.on('end', () => upstream.end());
        upstream.on('data', (chunk: Buffer) => {
          if (delayMs > 0) setTimeout(() => client.writable && client.write(chunk), delayMs);
          else client.write(chunk);
        });
        upstream.on('end', () => client.end());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        listener = server;
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  return {
    port,
    /** Routes a postgres:// URL through this proxy. */
    through(url: string) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(port);
      return routed.toString();
    },
    async cut() {
      const closing = new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
      listener = null;
      for (const socket of sockets) socket.destroy();
      await closing;
    },
    async restore() {
      await listen(port);
    },
    async stop() {
      await this.cut();
    },
  };
}
