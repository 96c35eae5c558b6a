import net from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that a fault test can cut (open connections
 * reset, new ones refused, as when the database host goes away) and restore on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
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
        client.pipe(upstream).pipe(client);
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
