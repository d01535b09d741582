// Server import boundaries, as one local ESLint rule:
// - a file outside server/modules/<m>/ reaches that module only through server/modules/<m>/index.ts,
//   except server/app.ts (the composition root), which mounts each module's *.routes.ts directly;
// - a module's index.ts exports public functions only, never a routes file (decision 0197);
// - server/lib/ imports nothing from server/modules/ or server/engines/ (nor the context built on them);
// - server/engines/ imports nothing from server/modules/ nor the app context;
// - server/ imports nothing from client/;
// - a routes file (*.routes.ts) imports neither the database schema nor drizzle-orm: queries live in repos;
// - no other file under server/modules/ or server/lib/ does either, unless it is a *.repo.ts (decision
//   0195): the repos are the only files that query;
// - shared/ imports nothing from server/ or client/, and no Node built-in (it runs in the browser too).
// Test files (*.test.ts, tests/) may reach into a module's internals. Paths are resolved from
// relative specifiers and the package's "#server/*", "#client/*", "#shared/*" imports.
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ALIASES = { '#server/': 'server/', '#client/': 'client/', '#shared/': 'shared/', '#tests/': 'tests/' };

/** The import's target relative to the repository root (posix), or null for a package import. */
function resolveTarget(filename, spec) {
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return dir + spec.slice(alias.length);
  if (!spec.startsWith('.')) return null;
  return path
    .relative(root, path.resolve(path.dirname(filename), spec))
    .split(path.sep)
    .join('/');
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (spec) => spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]);

const moduleOf = (p) => /^server\/modules\/([^/]+)\//.exec(p)?.[1] ?? null;
const isTest = (p) => p.endsWith('.test.ts') || p.startsWith('tests/');
const isDrizzle = (spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');
/** Files that must not query: everything under server/modules/ and server/lib/ but the repos. */
const isNonRepo = (p) =>
  (p.startsWith('server/modules/') || p.startsWith('server/lib/')) && !p.endsWith('.repo.ts');
const QUERY_MESSAGE = 'Queries live in *.repo.ts: only a repo imports drizzle-orm or the database schema.';

/** The message for a package import that crosses a boundary, or null when it is allowed. */
export function packageViolation(from, spec) {
  if (isTest(from)) return null;
  if (from.startsWith('shared/') && isNodeBuiltin(spec)) {
    return 'shared/ runs in the browser too: it imports no Node built-in.';
  }
  if (from.endsWith('.routes.ts') && isDrizzle(spec)) {
    return "A routes file stays thin: queries and the schema belong in the module's *.repo.ts.";
  }
  if (isNonRepo(from) && isDrizzle(spec)) return QUERY_MESSAGE;
  return null;
}

/** The message for an import that crosses a boundary, or null when it is allowed. */
export function boundaryViolation(from, to) {
  if (isTest(from)) return null;
  const target = moduleOf(to);
  if (target && from === 'server/app.ts' && to.endsWith('.routes.ts')) return null;
  if (target && moduleOf(from) === target && from.endsWith('/index.ts') && to.endsWith('.routes.ts')) {
    return "A module's index.ts exports public functions only: routes are mounted from server/app.ts.";
  }
  if (target && moduleOf(from) !== target && to !== `server/modules/${target}/index.ts`) {
    return `Import the ${target} module through server/modules/${target}/index.ts, not its internals.`;
  }
  if (
    from.startsWith('server/lib/') &&
    (to.startsWith('server/modules/') || to.startsWith('server/engines/') || to === 'server/context.ts')
  ) {
    return 'server/lib/ is infrastructure: it imports nothing from modules, engines or the app context.';
  }
  if (
    from.startsWith('server/engines/') &&
    (to.startsWith('server/modules/') || to === 'server/context.ts')
  ) {
    return 'server/engines/ imports nothing from server/modules/ nor the app context.';
  }
  if (from.startsWith('server/') && to.startsWith('client/')) {
    return 'server/ imports nothing from client/.';
  }
  if (from.endsWith('.routes.ts') && to.startsWith('server/db/schema')) {
    return "A routes file stays thin: queries and the schema belong in the module's *.repo.ts.";
  }
  if (isNonRepo(from) && to.startsWith('server/db/schema')) return QUERY_MESSAGE;
  if (from.startsWith('shared/') && (to.startsWith('server/') || to.startsWith('client/'))) {
    return 'shared/ is isomorphic: it imports nothing from server/ or client/.';
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Server and shared import boundaries' } },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const spec = node.source.value;
      const to = resolveTarget(context.filename, spec);
      const message = to ? boundaryViolation(from, to) : packageViolation(from, spec);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const serverBoundaries = {
  files: ['server/**/*.ts', 'shared/**/*.ts'],
  plugins: { roomstage: { rules: { 'server-boundaries': rule } } },
  rules: { 'roomstage/server-boundaries': 'error' },
};
