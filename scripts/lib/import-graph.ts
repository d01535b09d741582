// The server's import graph, read with the TypeScript compiler's own pre-processor: every `import`,
// `import type`, `export … from` and dynamic `import()` counts, because a type import ties two modules
// as tightly for the reader as a value import does (issue 33, decision 0197). Used by the cycle test
// (tests/lint/import-cycles.test.ts) and by the module diagram (scripts/docs-modules.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ALIASES: Record<string, string> = {
  '#server/': 'server/',
  '#client/': 'client/',
  '#shared/': 'shared/',
  '#tests/': 'tests/',
};

/** File -> the repository files it imports (posix paths relative to the root). */
export type FileGraph = Map<string, Set<string>>;
/** Unit (a module, lib, engines, …) -> the units it imports. */
export type UnitGraph = Map<string, Set<string>>;

const isSource = (f: string) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.test.ts');

function listFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(root, rel));
    else if (isSource(rel)) out.push(rel);
  }
  return out;
}

/** The file an import names, relative to the root, or null for a package. */
export function resolveImport(from: string, spec: string): string | null {
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return dir + spec.slice(alias.length);
  if (!spec.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

/** Every import of every non-test source file under `dirs` (shared/ and server/ by default). */
export function readFileGraph(root: string, dirs: readonly string[] = ['server', 'shared']): FileGraph {
  const graph: FileGraph = new Map();
  for (const file of dirs.flatMap((d) => listFiles(root, d))) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const to = resolveImport(file, ref.fileName);
      if (to) targets.add(to);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The unit a file belongs to: each server module is one unit (`modules/<m>`); in the infrastructure
 * (lib, engines, db, ports) each folder or file right under it is one (`lib/mail`, `lib/errors`,
 * `engines/worker`, `db/client`), so a cycle is reported between the parts that form it rather than
 * between whole layers; shared is one unit, and every other server file (context.ts, app.ts, boot.ts,
 * …) is its own.
 */
export function unitOf(file: string): string {
  const mod = /^server\/modules\/([^/]+)\//.exec(file);
  if (mod) return `modules/${mod[1]}`;
  const part = /^server\/(lib|engines|db|ports)\/([^/]+)/.exec(file);
  if (part) return `${part[1]}/${part[2]!.replace(/\.tsx?$/, '')}`;
  if (file.startsWith('shared/')) return 'shared';
  if (file.startsWith('client/')) return 'client';
  return file.replace(/^server\//, '');
}

/** The files' graph folded into units; an import within a unit is no edge. */
export function toUnitGraph(files: FileGraph, unit: (file: string) => string = unitOf): UnitGraph {
  const units: UnitGraph = new Map();
  for (const [from, targets] of files) {
    const u = unit(from);
    const edges = units.get(u) ?? new Set<string>();
    units.set(u, edges);
    for (const to of targets) {
      const v = unit(to);
      if (v !== u) edges.add(v);
    }
  }
  return units;
}

/**
 * The cycles of a graph, one per strongly connected component of more than one node (or a node that
 * imports itself), each listed from its alphabetically first node. Tarjan's algorithm.
 */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The files behind one unit edge, for a message that says where to look. */
export function edgeFiles(files: FileGraph, fromUnit: string, toUnit: string): string[] {
  const out: string[] = [];
  for (const [from, targets] of files)
    if (unitOf(from) === fromUnit)
      for (const to of targets) if (unitOf(to) === toUnit) out.push(`${from} -> ${to}`);
  return out;
}
