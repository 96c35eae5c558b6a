import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildInputHash, buildIsCurrent, STAMP_FILE } from '../../scripts/build-stamp';

let root: string;
let distDir: string;
const environment = { PATH: '/usr/bin', SUPPORT_PHONE: '+49 30 1234567' };

/** A project as the last build left it: its inputs, dist/ and the stamp of those inputs. */
function builtProject() {
  root = mkdtempSync(path.join(tmpdir(), 'teileportal-build-stamp-'));
  distDir = path.join(root, 'dist');
  mkdirSync(path.join(root, 'src/views'), { recursive: true });
  writeFileSync(path.join(root, 'src/views/login.tsx'), 'export const Login = 1;\n');
  writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>\n');
  writeFileSync(path.join(root, '.env'), 'COMPANY_NAME=Teileportal GmbH\n');
  mkdirSync(distDir);
  writeFileSync(path.join(distDir, 'index.html'), '<html></html>');
  writeFileSync(path.join(distDir, STAMP_FILE), `${buildInputHash(root, environment)}\n`);
}

beforeEach(builtProject);
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('nothing changed since the build: no rebuild', () => {
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(true);
});

test('a variable the SPA does not read (PATH) changes nothing', () => {
  expect(buildIsCurrent(distDir, buildInputHash(root, { ...environment, PATH: '/opt/bin' }))).toBe(true);
});

test('a changed source file means a rebuild', () => {
  writeFileSync(path.join(root, 'src/views/login.tsx'), 'export const Login = 2;\n');
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(false);
});

test('a new source file means a rebuild', () => {
  writeFileSync(path.join(root, 'src/views/register.tsx'), 'export const Register = 1;\n');
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(false);
});

test('a changed client configuration variable means a rebuild', () => {
  expect(buildIsCurrent(distDir, buildInputHash(root, { ...environment, SUPPORT_PHONE: '+49 89 7654321' }))).toBe(
    false,
  );
  expect(buildIsCurrent(distDir, buildInputHash(root, { ...environment, VITE_INSPECT: 'true' }))).toBe(false);
});

test('a changed .env file means a rebuild', () => {
  writeFileSync(path.join(root, '.env'), 'COMPANY_NAME=Andere GmbH\n');
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(false);
});

test('a deleted dist/ (or a build that never finished) means a rebuild', () => {
  rmSync(path.join(distDir, STAMP_FILE));
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(false);
  rmSync(distDir, { recursive: true });
  expect(buildIsCurrent(distDir, buildInputHash(root, environment))).toBe(false);
});
