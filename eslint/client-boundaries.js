// The client's one-way imports, checked by lint:
// - a feature (client/features/<name>) imports only its own folder, client/components, client/lib,
//   client/hooks, client/assets and shared/ — never another feature, a route or the app shell;
// - the shared layers (components, lib, hooks) import no feature, route or app module;
// - route modules may use features but not the app shell that lists them (that was a cycle);
// - nothing in client/ imports server/ or tests/ (they never reach the browser).
// What two features both need moves down into a shared layer (or shared/ when the server needs it too).
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALIASES = { '#client/': 'client', '#shared/': 'shared', '#server/': 'server', '#tests/': 'tests' };
const SHARED_LAYERS = ['components', 'lib', 'hooks', 'assets'];

/** The repository-relative path an import points at, or null for a package. */
function target(spec, fromFile) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (spec.startsWith(alias)) return path.join(dir, spec.slice(alias.length));
  }
  if (spec.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(fromFile), spec));
  return null;
}

/** `client/features/billing/api.ts` -> { top: 'client', layer: 'features', feature: 'billing' }. */
function where(repoPath) {
  const [top, layer, feature] = repoPath.split(/[\\/]/);
  return { top, layer, feature: layer === 'features' ? feature : undefined };
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  if (to.top === 'server' || to.top === 'tests') {
    return `client code may not import ${to.top}/: it never reaches the browser. Shared rules and schemas live in shared/.`;
  }
  if (to.top !== 'client') return null;
  if (from.layer === 'features') {
    if (to.layer === 'features' && to.feature === from.feature) return null;
    if (SHARED_LAYERS.includes(to.layer)) return null;
    const what =
      to.layer === 'features' ? `another feature (client/features/${to.feature})` : `client/${to.layer}`;
    return (
      `client/features/${from.feature} may not import ${what}. A feature imports only its own folder, ` +
      'client/components, client/lib, client/hooks and shared/; move what both need into one of those.'
    );
  }
  if (SHARED_LAYERS.includes(from.layer) && !SHARED_LAYERS.includes(to.layer)) {
    return `client/${from.layer} is a shared layer and may not import client/${to.layer}: features build on it, not the other way round.`;
  }
  if (from.layer === 'routes' && to.layer === 'app') {
    return 'route modules may not import client/app: the app shell imports the routes (a cycle otherwise).';
  }
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps the client's imports one-way (features, shared layers, routes, app)." },
    schema: [],
    messages: { boundary: '{{why}}' },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename);
    const from = where(file);
    if (from.top !== 'client') return {};
    const check = (node) => {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string') return;
      const to = target(spec, context.filename);
      const why = to && violation(from, where(to));
      if (why) context.report({ node: node.source, messageId: 'boundary', data: { why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default [
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'client-boundaries': { rules: { imports: importsRule } } },
    rules: { 'client-boundaries/imports': 'error' },
  },
];
