import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgresDatabase } from '../support/fresh-postgres';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * The production topology of issue 16, started directly (this machine has no container runtime):
 * two portal processes (`node --import tsx server/main.ts`) on one fresh PostgreSQL database,
 * Debian's nginx in front of both, and an SMTP sink that counts every mail by Message-ID.
 * Ports 4340 (nginx), 4341/4342 (portal A/B), 4343 (SMTP) unless CLUSTER_BASE_PORT moves them.
 */
const root = path.resolve(import.meta.dirname, '../..');
export const NGINX_BINARY = process.env.NGINX ?? '/usr/sbin/nginx';
/** The PostgreSQL whose `CREATE DATABASE` makes each run's fresh database. */
export const POSTGRES_BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 4340);
export const PORTS = { proxy: basePort, a: basePort + 1, b: basePort + 2, smtp: basePort + 3 } as const;
export const PUBLIC_ORIGIN = `http://127.0.0.1:${PORTS.proxy}`;

export type PortalName = 'a' | 'b';

/** A log line of a portal process (pino JSON). */
export type LogLine = { event?: string; msg?: string; [key: string]: unknown };

export type PortalProcess = {
  name: PortalName;
  port: number;
  origin: string;
  child: ChildProcess;
  logs: LogLine[];
  exited: Promise<number | null>;
};

/**
 * The nginx configuration: both processes upstream (those in `down` marked so, as a rollout takes
 * a process out before stopping it), idempotent retries, live streams unbuffered.
 */
function nginxConfig(folder: string, down: ReadonlySet<PortalName>, generation: number) {
  const proxied = `
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      # A process that refuses the connection (stopped) or fails at once: the next one is tried.
      # POST is passed on only when it was never sent (nginx's rule for non-idempotent requests).
      proxy_next_upstream error timeout http_502 http_504;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;`;
  return `
${process.getuid?.() === 0 ? `user ${userInfo().username};` : ''}
worker_processes 1;
# After a reload the old worker ends the streams it still carries; their clients resume elsewhere.
worker_shutdown_timeout 10s;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 2048; }
http {
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  log_format upstreams '$request_method $uri $status upstream=$upstream_addr statuses=$upstream_status';
  access_log ${folder}/access.log upstreams;
  # No kept-alive client connections: on a reload the old worker closes its idle ones, and a POST
  # the test's client (Node's fetch) sends on one in that instant fails without a retry (browsers
  # retry a request on a reused connection that closed before any answer; undici does not for POST).
  keepalive_timeout 0;
  upstream portal {
    server 127.0.0.1:${PORTS.a} max_fails=1 fail_timeout=2s${down.has('a') ? ' down' : ''};
    server 127.0.0.1:${PORTS.b} max_fails=1 fail_timeout=2s${down.has('b') ? ' down' : ''};
  }
  server {
    listen 127.0.0.1:${PORTS.proxy};
    # Which config answers: a reload is done once the new generation does.
    location = /cluster-config-generation { return 200 "${generation}"; }
    location / {${proxied}
    }
    # Live event streams (ADR 024): no buffering, no read timeout in the stream's lifetime.
    location ~ /events$ {${proxied}
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Starts nginx in the foreground with a generated config in `folder`; resolves once it answers. */
/** Whether something accepts connections on this local port. */
function isListening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until the run's ports are free: a run started right after another could otherwise reach
 * the previous run's nginx or portals while they finish stopping (seen: a 502 on the first login).
 */
export async function untilPortsFree() {
  await waitFor(
    async () => !(await Promise.all(Object.values(PORTS).map(isListening))).some(Boolean),
    `ports ${Object.values(PORTS).join(', ')} to be free (another cluster run still stopping?)`,
    30_000,
  );
}

export async function startNginx(folder: string) {
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(folder, name), { recursive: true });
  const config = path.join(folder, 'nginx.conf');
  let generation = 0;
  const writeConfig = (down: ReadonlySet<PortalName>) => {
    generation += 1;
    writeFileSync(config, nginxConfig(folder, down, generation));
    const test = spawnSync(NGINX_BINARY, [
      '-t',
      '-q',
      '-p',
      folder,
      '-e',
      path.join(folder, 'error.log'),
      '-c',
      config,
    ]);
    if (test.status !== 0) throw new Error(`nginx refused its config: ${test.stderr.toString()}`);
  };
  writeConfig(new Set());
  const child = spawn(NGINX_BINARY, ['-p', folder, '-e', path.join(folder, 'error.log'), '-c', config], {
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(async () => {
    try {
      await fetch(`${PUBLIC_ORIGIN}/healthz`);
      return true;
    } catch {
      return false;
    }
  }, 'nginx to answer');
  return {
    /** Each proxied request with the upstreams it tried (`statuses=502, 200` is a retried one). */
    accessLog: () =>
      existsSync(path.join(folder, 'access.log'))
        ? readFileSync(path.join(folder, 'access.log'), 'utf8').split('\n').filter(Boolean)
        : [],
    /**
     * Reloads nginx with these processes marked down (none: all up). New requests go to the new
     * worker at once; the old one finishes what it carries. Resolves once the new config answers.
     */
    async reload(down: ReadonlySet<PortalName>) {
      writeConfig(down);
      child.kill('SIGHUP');
      const expected = String(generation);
      await waitFor(async () => {
        try {
          return (await (await fetch(`${PUBLIC_ORIGIN}/cluster-config-generation`)).text()) === expected;
        } catch {
          return false;
        }
      }, 'nginx to load its new config');
    },
    errorLog: () =>
      existsSync(path.join(folder, 'error.log')) ? readFileSync(path.join(folder, 'error.log'), 'utf8') : '',
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The whole topology for one run: a fresh database, the SMTP sink, nginx, and how to run portals. */
export async function startTopology() {
  await untilPortsFree();
  const folder = mkdtempSync(path.join(tmpdir(), 'teileportal-cluster-'));
  const database = await freshPostgresDatabase(POSTGRES_BASE_URL, 'tp_cluster');
  const smtp = await startSmtpSink(PORTS.smtp);
  const staticDir = path.join(folder, 'spa');
  mkdirSync(staticDir);
  // A small stand-in for the built SPA: the cluster test exercises the API, not the bundle.
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Teileportal</title><p>cluster test</p>');
  const portals = new Map<PortalName, PortalProcess>();

  function startPortal(name: PortalName): PortalProcess {
    const port = name === 'a' ? PORTS.a : PORTS.b;
    const dataDir = path.join(folder, `data-${name}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: PUBLIC_ORIGIN,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
        LOG_LEVEL: 'info',
        MAIL_POLL_MS: '200',
        TRADE_MAIL_POLL_MS: '200',
        // A send that fails (the sink busy, a process stopping) is tried again within the run, not in 30 s.
        MAIL_RETRY_BASE_SECONDS: '1',
        CAPTCHA_COST: '200',
        SHUTDOWN_GRACE_MS: '5000',
        LIVE_HEARTBEAT_MS: '5000',
        // nginx in front is the trusted proxy (ADR 032): limits and logs see the client it names.
        TRUSTED_PROXIES: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: LogLine[] = [];
    const logFile = createWriteStream(path.join(folder, `portal-${name}.log`), { flags: 'a' });
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      logFile.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          // a partial line: the rest follows
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => logFile.write(chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const portal = { name, port, origin: `http://127.0.0.1:${port}`, child, logs, exited };
    portals.set(name, portal);
    return portal;
  }

  async function untilReady(portal: PortalProcess) {
    await waitFor(
      async () => {
        try {
          return (await fetch(`${portal.origin}/readyz`)).status === 200;
        } catch {
          return false;
        }
      },
      `portal ${portal.name} to be ready`,
      90_000,
    );
  }

  return {
    folder,
    database,
    smtp,
    portals,
    startPortal,
    untilReady,
    /** A direct connection to the run's database (for fixtures and counting). */
    async connect() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      return client;
    },
    async stop() {
      for (const portal of portals.values()) {
        if (portal.child.exitCode === null && portal.child.signalCode === null) portal.child.kill('SIGTERM');
      }
      await Promise.all([...portals.values()].map((portal) => portal.exited));
      await smtp.stop();
      await database.drop().catch(() => undefined);
      if (!process.env.CLUSTER_KEEP) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type Topology = Awaited<ReturnType<typeof startTopology>>;
