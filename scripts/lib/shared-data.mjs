// The suite reads room photos and measurement sets from ../shared (never copied into the repository).
// Without them a suite that reads them cannot run: rather than letting each one skip silently or crash
// while loading, the test configs leave those suites out and `npm test` says so in one line. Which suites
// need which folder follows from the code: a test file needs a folder when it, or any repository file it
// imports (transitively), names it.
import fs from 'node:fs';
import path from 'node:path';

/** The folders under ../shared the suite reads, as the code names them. */
export const SHARED_FOLDERS = [
  'shared/fixtures/rooms',
  'shared/corpus/listing-photos',
  'shared/corpus/ai-staging-pairs',
];

const TEST_FILE = /\.(test|spec)\.tsx?$/;
const SOURCE = /\.(m?js|tsx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'data', '.git']);
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const ALIASES = { '#server/': 'server/', '#client/': 'client/', '#shared/': 'shared/', '#tests/': 'tests/' };

function walk(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, rel, out);
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

function resolveImport(from, spec, known) {
  let target;
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (alias) target = ALIASES[alias] + spec.slice(alias.length);
  else if (spec.startsWith('.')) target = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/**
 * The folders of SHARED_FOLDERS missing next to `root`, and the test files (relative to `root`) that
 * need one of them.
 */
export function sharedDataCheck(root = process.cwd()) {
  const missing = SHARED_FOLDERS.filter((f) => !fs.existsSync(path.resolve(root, '..', f)));
  if (missing.length === 0) return { missing, suites: [] };
  const files = ['server', 'client', 'shared', 'tests'].flatMap((d) =>
    fs.existsSync(path.join(root, d)) ? walk(root, d, []) : [],
  );
  const known = new Set(files);
  const text = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
  const deps = new Map(
    files.map((f) => [
      f,
      [...text.get(f).matchAll(IMPORT)].map((m) => resolveImport(f, m[1] ?? m[2], known)).filter(Boolean),
    ]),
  );
  // A file needs a folder when it names one or imports a file that does: grow the set to a fixed point
  // (import cycles included).
  const needs = new Set(files.filter((f) => missing.some((folder) => text.get(f).includes(folder))));
  for (let grew = true; grew;) {
    grew = false;
    for (const f of files) {
      if (!needs.has(f) && deps.get(f).some((d) => needs.has(d))) {
        needs.add(f);
        grew = true;
      }
    }
  }
  const suites = files.filter((f) => TEST_FILE.test(f) && needs.has(f));
  return { missing, suites };
}

/** The one line `npm test` prints when ../shared is incomplete. */
export const sharedDataLine = ({ missing, suites }) =>
  `skipped: ${suites.length} test files that read ${missing.map((m) => `../${m}`).join(', ')} ` +
  `(not found next to the repository; the room photos and corpora are kept outside it): ${suites.join(', ')}`;
