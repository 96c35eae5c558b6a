import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diagramDocument, diagramFileName, loadMachines } from './mermaid';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/flows');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const { file, exportName, machine } of await loadMachines(path.join(root, 'machines'))) {
  const target = path.join(outDir, diagramFileName(exportName));
  writeFileSync(target, diagramDocument(file, exportName, machine));
  console.log(`wrote ${path.relative(root, target)}`);
}
