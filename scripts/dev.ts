import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Development: the API server on :3000 (restarted by tsx watch on change) and the Vite dev
 * server on :5173 with hot reload, which proxies /svc, /captcha, /healthz and /dev/mailbox.
 */
const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  child.on('exit', (code) => {
    console.log(`${name} exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    // Each child leads its own process group, so its own children (esbuild, the server) go too.
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', path.join(root, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: '3000',
  APP_ENV: process.env.APP_ENV ?? 'development',
});
run('vite', path.join(root, 'node_modules/.bin/vite'), ['--port', '5173', '--strictPort'], {
  APP_ENV: process.env.APP_ENV ?? 'development',
});
