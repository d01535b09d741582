import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compressText, type CompressedText } from './compression.ts';

export interface ClientHtml {
  /** "/": the home page pre-rendered at build time (scripts/prerender-home.mjs), also compressed. */
  home: CompressedText;
  /** Every other client route: the same page with an empty root, rendered in the browser. */
  shell: CompressedText;
  /** CSP sources ('sha256-…') allowing the pages' inline scripts, and no other inline script. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The built client's HTML pages, or null when the client is not built (API only). */
export function loadClientHtml(clientDir: string): ClientHtml | null {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const home = fs.readFileSync(indexFile, 'utf8');
  const shellFile = path.join(clientDir, 'shell.html');
  // A build without the pre-render step (vite alone) has only index.html, with an empty root.
  const shell = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : home;
  const scripts = new Set(
    [...home.matchAll(INLINE_SCRIPT), ...shell.matchAll(INLINE_SCRIPT)].map((m) => m[1] ?? ''),
  );
  const scriptHashes = [...scripts].map(
    (s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`,
  );
  // Compressed once here, not per response (a few tens of KB: milliseconds at start).
  return { home: compressText(home), shell: compressText(shell), scriptHashes };
}
