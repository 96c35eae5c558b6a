import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_ENVIRONMENT_VARIABLES } from '../src/config/client-config.ts';

/**
 * Everything `npm run build` reads: the sources of the SPA and of the prerendered pages, the
 * catalogs and static files, the build configuration, the installed versions (lockfile), and this
 * file itself (a change to what counts as an input must force a build).
 */
export const BUILD_INPUTS = [
  'src',
  'common',
  'machines',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/prerender.ts',
  'scripts/build-stamp.ts',
];

/** The files Vite's loadEnv() reads for a production build (vite.config.ts). */
export const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** Next to the build output; `vite build` empties dist/, so a failed build leaves no stamp. */
export const STAMP_FILE = '.build-inputs.sha256';

function buildsInto(name: string) {
  return CLIENT_ENVIRONMENT_VARIABLES.includes(name) || name.startsWith('VITE_') || name === 'NODE_ENV';
}

function filesUnder(root: string, entry: string): string[] {
  const absolute = path.join(root, entry);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [entry];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)));
}

/** A SHA-256 over the build's input files (path and content) and the environment it reads. */
export function buildInputHash(root: string, environment: Record<string, string | undefined>): string {
  const hash = createHash('sha256');
  const files = [...BUILD_INPUTS, ...ENV_FILES].flatMap((entry) => filesUnder(root, entry)).sort();
  for (const file of files) {
    hash.update(`file ${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(environment).filter(buildsInto).sort()) {
    const value = environment[name];
    if (value !== undefined) hash.update(`env ${name}=${value}\0`);
  }
  return hash.digest('hex');
}

/** The build in distDir is current when it exists and was made from inputs with this hash. */
export function buildIsCurrent(distDir: string, inputHash: string): boolean {
  const stamp = path.join(distDir, STAMP_FILE);
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === inputHash;
}
