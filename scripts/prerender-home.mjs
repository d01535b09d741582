// Build step after `vite build`: renders "/" with React on the server side (client/prerender.tsx) and
// puts the markup into dist/client/index.html, so the hero paints from the first HTML; boot.tsx hydrates
// it. The untouched page becomes dist/client/shell.html, which the server sends for every other path.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const CLIENT = 'dist/client';
const OUT = 'dist/prerender';
const EMPTY_ROOT = '<div id="root"></div>';

await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: {
    ssr: 'prerender.tsx',
    outDir: `../${OUT}`,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderHome } = await import(pathToFileURL(path.resolve(OUT, 'prerender.js')).href);
const markup = renderHome();
// A part that suspended (a lazy chunk) is left for the browser and React reports it as a hydration error:
// such parts must wait for useHydrated() instead.
if (markup.includes('<!--$!-->')) throw new Error('a Suspense boundary suspended in the pre-render of "/"');

const indexFile = path.join(CLIENT, 'index.html');
const shell = fs.readFileSync(indexFile, 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`${indexFile} has no empty ${EMPTY_ROOT} to fill`);
// The images the markup names must be the ones the client build emitted (same content hashes).
for (const [, src] of markup.matchAll(/src="\/(assets\/[^"]+)"/g)) {
  if (!fs.existsSync(path.join(CLIENT, src))) throw new Error(`pre-rendered "/" names ${src}, not built`);
}
fs.writeFileSync(path.join(CLIENT, 'shell.html'), shell);
fs.writeFileSync(indexFile, shell.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`));
fs.rmSync(OUT, { recursive: true, force: true });
console.log(`pre-rendered "/": ${(markup.length / 1024).toFixed(1)} KB of HTML in ${indexFile}`);
