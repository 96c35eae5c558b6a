import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A second portal process on the same PostgreSQL database, in its own process group (killed as a
 * group). `kill()` is registered with `cleanups`, so a failing test leaves no process behind.
 */
export async function secondProcess(
  databaseUrl: string,
  dataDir: string,
  cleanups: (() => Promise<unknown>)[],
  environment: Record<string, string> = {},
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '60000',
      ...environment,
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  cleanups.push(async () => {
    signal('SIGKILL');
    await exited;
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (attempt > 300) throw new Error('the second process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    url: (pathname: string) => `${origin}${pathname}`,
    async terminate() {
      signal('SIGTERM');
      await exited;
    },
  };
}
