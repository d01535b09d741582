// The module diagram of docs/modules.md as Mermaid, drawn from the import graph (import-graph.ts):
// one node per server module plus the composition root, an arrow where a module imports another.
// Infrastructure every module uses (lib, db, ports, shared, the context, env) is left out: arrows to
// it would say nothing.
import { readFileGraph, toUnitGraph, unitOf, type UnitGraph } from './import-graph.ts';

export const BEGIN = '<!-- module-diagram:begin (npm run docs:modules) -->';
export const END = '<!-- module-diagram:end -->';

/** The composition root: the files that wire modules together. */
const ROOT_FILES = ['app.ts', 'background.ts', 'boot.ts'];

const shown = (unit: string) =>
  unit.startsWith('modules/') || ROOT_FILES.includes(unit) || unit === 'engines';
const id = (unit: string) => unit.replace(/^modules\//, '').replace(/[^A-Za-z0-9]/g, '_');
const label = (unit: string) => unit.replace(/^modules\//, '');

/** The Mermaid block for a unit graph, sorted so the same graph always gives the same text. */
export function mermaidOf(units: UnitGraph): string {
  const nodes = [...units.keys()].filter(shown).sort();
  const lines = ['```mermaid', 'flowchart LR'];
  for (const n of nodes) lines.push(`  ${id(n)}[${label(n)}]`);
  for (const from of nodes)
    for (const to of [...(units.get(from) ?? [])].filter(shown).sort())
      lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push('```');
  return lines.join('\n');
}

/** The diagram's units: the engines are one box, whatever their parts. */
export const diagramUnitOf = (file: string) =>
  file.startsWith('server/engines/') ? 'engines' : unitOf(file);

export const moduleDiagram = (root: string) => mermaidOf(toUnitGraph(readFileGraph(root), diagramUnitOf));

/** The document with its diagram between the markers replaced. */
export function withDiagram(doc: string, diagram: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/modules.md lacks the markers ${BEGIN} … ${END}`);
  // Blank lines around the block, as prettier formats Markdown.
  return `${doc.slice(0, start + BEGIN.length)}\n\n${diagram}\n\n${doc.slice(end)}`;
}
