// `npm run docs:modules`: writes the server's module diagram, generated from the import graph, into
// docs/modules.md. tests/lint/module-diagram.test.ts fails when the checked-in diagram is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { moduleDiagram, withDiagram } from './lib/module-diagram.ts';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'docs/modules.md');
const before = readFileSync(file, 'utf8');
const after = withDiagram(before, moduleDiagram(root));
if (after === before) console.log('docs/modules.md is up to date');
else {
  writeFileSync(file, after);
  console.log('docs/modules.md: diagram rewritten');
}
