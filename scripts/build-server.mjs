// Bundles the server (our code only; packages stay in node_modules) into dist/server.
import { build } from 'esbuild';

await build({
  entryPoints: {
    index: 'server/index.ts',
    worker: 'server/worker.ts',
    'engine-worker': 'server/engines/worker/engine-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled ESM still needs require() for the odd CommonJS helper.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
console.log('server built: dist/server/index.js');
