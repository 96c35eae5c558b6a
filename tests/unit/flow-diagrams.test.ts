import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { diagramDocument, diagramFileName, loadMachines } from '../../scripts/mermaid';

const root = path.resolve(import.meta.dirname, '../..');

test('docs/flows has a current diagram for every machine (run npm run diagrams)', async () => {
  const machines = await loadMachines(path.join(root, 'machines'));
  expect(machines.length).toBeGreaterThan(3);
  for (const { file, exportName, machine } of machines) {
    const committedPath = path.join(root, 'docs/flows', diagramFileName(exportName));
    let committed = '';
    try {
      committed = readFileSync(committedPath, 'utf8');
    } catch {
      // A missing file fails the comparison below with a readable diff.
    }
    expect(committed, `docs/flows/${path.basename(committedPath)} is stale`).toBe(
      diagramDocument(file, exportName, machine),
    );
  }
  // Importing every machine and drawing it takes about 13 s on a busy 2-core machine (5 s is the default).
}, 60_000);
