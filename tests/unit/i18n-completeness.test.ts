import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { messageIds } from '../../common/contracts/message-ids';
import { serverMessages } from '../../server/i18n';

type PoEntry = { msgid: string; msgstr: string };

function readPo(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const unquote = (key: 'msgid' | 'msgstr') => {
      const match = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
      if (!match?.[1]) return null;
      return match[1]
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string)
        .join('');
    };
    const msgid = unquote('msgid');
    const msgstr = unquote('msgstr');
    if (msgid && msgstr !== null) entries.push({ msgid, msgstr });
  }
  return entries;
}

const root = path.resolve(import.meta.dirname, '../..');

test.each(['de', 'en'])('every message in locales/%s is translated', (locale) => {
  const untranslated = readPo(path.join(root, 'locales', locale, 'messages.po'))
    .filter((entry) => entry.msgstr.trim() === '')
    .map((entry) => entry.msgid);
  expect(untranslated).toEqual([]);
});

test('German translations are not copies of the English source (placeholders aside)', () => {
  const sameAsSource = readPo(path.join(root, 'locales/de/messages.po'))
    .filter((entry) => entry.msgstr === entry.msgid && /[a-z]{4,}/i.test(entry.msgid.replace(/\{\w+\}|<\/?\d+>/g, '')))
    // Words that are the same in German and English.
    .filter(
      (entry) =>
        !['Teileportal', 'Login', 'Support', 'Name', 'Status', 'Regional', 'Website (optional)', 'Webhooks'].includes(
          entry.msgid,
        ),
    );
  expect(sameAsSource.map((entry) => entry.msgid)).toEqual([]);
});

test('the committed catalogs hold exactly the messages in the source (run npm run i18n:extract)', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'lingui-'));
  execFileSync(path.join(root, 'node_modules/.bin/lingui'), ['extract', '--clean'], {
    cwd: root,
    env: { ...process.env, LINGUI_CATALOG_ROOT: scratch },
    stdio: 'pipe',
  });
  for (const locale of ['de', 'en']) {
    const fresh = readPo(path.join(scratch, locale, 'messages.po'))
      .map((entry) => entry.msgid)
      .sort();
    const committed = readPo(path.join(root, 'locales', locale, 'messages.po'))
      .map((entry) => entry.msgid)
      .sort();
    expect(committed, `locales/${locale}/messages.po is stale`).toEqual(fresh);
  }
}, 60_000);

test('the server catalog has every message id in both languages', () => {
  for (const locale of ['de', 'en'] as const) {
    for (const id of messageIds) {
      expect(serverMessages[locale][id], `${locale}.${id}`).toMatch(/\S/);
    }
  }
});
