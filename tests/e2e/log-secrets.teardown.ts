import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * After the end-to-end run: the server log must contain none of the passwords the specs typed,
 * none of the tokens the portal mailed, and nothing shaped like a signed token. The passwords are
 * the literals in the specs (they follow the pattern `Word-2026…`); the tokens come from every
 * mail in the development mailbox.
 */
export default async function searchServerLogForSecrets() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  // One portal per worker (playwright.config.ts), each with its log in E2E_DATA_DIR/portal-n.
  const portals = Array.from({ length: Number(process.env.E2E_WORKERS ?? 1) }, (_, index) => index);
  const log = portals
    .map((index) => readFileSync(path.join(dataDir, `portal-${index}`, 'server.log'), 'utf8'))
    .join('\n');
  if (!log.includes('"event":"login.succeeded"')) {
    throw new Error('the e2e server logs have no login events: are they logging at level info to server.log?');
  }
  const specDir = import.meta.dirname;
  const passwords = new Set<string>();
  for (const file of readdirSync(specDir).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(path.join(specDir, file), 'utf8').matchAll(/'([A-Z][A-Za-z-]*-20\d\d[-a-z]*)'/g)) {
      if (match[1]) passwords.add(match[1]);
    }
  }
  const tokens = new Set<string>();
  for (const index of portals) {
    const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + index}`;
    const list = await (await fetch(`${origin}/dev/mailbox`)).text();
    for (const [, id] of list.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)) {
      const mail = await (await fetch(`${origin}/dev/mailbox/${id}`)).text();
      for (const [, token] of mail.matchAll(/token=([A-Za-z0-9_.-]{20,})/g)) if (token) tokens.add(token);
    }
  }
  // The specs always type passwords; a run of a few specs may have mailed no token at all.
  if (passwords.size === 0) throw new Error('found no passwords in the specs to search the log for');
  // The start banner (not a log line) prints the admin password only while it is the documented
  // development default, which production refuses to start with; everything else is searched.
  const developmentDefault = 'Teileportal-Admin-2026';
  const leaks = log
    .split('\n')
    .map((line) => (line.startsWith('{') ? line : line.replace(` / ${developmentDefault} (development default)`, '')))
    .filter(
      (line) =>
        /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/.test(line) ||
        [...passwords, ...tokens].some((secret) => line.includes(secret)),
    );
  if (leaks.length > 0) throw new Error(`${leaks.length} server log line(s) contain a password or token`);
  console.log(`server log searched for ${passwords.size} passwords and ${tokens.size} mailed tokens: no hits`);
}
