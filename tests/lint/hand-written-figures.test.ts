// Figures the site states (the upload limit, the free regenerations, the number of styles, a plan's
// allowance) are derived from shared/constants/figures.ts; this fails when one is written by hand again
// in client or server code (tests may spell them out: they check the derived words).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HAND_WRITTEN = [
  /\b10 ?MB\b/,
  /\b\d+ free regenerations? (per|each)\b/,
  /['"`]\d+ free['"`]/,
  /\b(six|6) (professional )?design styles\b/i,
  /\b\d+ transformations (each|per) month\b/,
];
const ROOTS = ['client', 'server'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx|html)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** String literals and JSX text of a file, comments left out. */
const codeText = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((l) => l.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');

export const handWrittenFigures = (text: string) =>
  HAND_WRITTEN.filter((re) => re.test(codeText(text))).map((re) => re.source);

describe('figures shown to users', () => {
  it('are derived, never written by hand in client or server code', () => {
    const found = ROOTS.flatMap(sources).flatMap((f) =>
      handWrittenFigures(fs.readFileSync(f, 'utf8')).map((re) => `${f}: ${re}`),
    );
    expect(found).toEqual([]);
  });

  it('are caught in copy, but not in comments', () => {
    expect(handWrittenFigures("text: 'Drop a photo up to 10MB.'")).toHaveLength(1);
    expect(handWrittenFigures('<p>Pick one of six design styles</p>')).toHaveLength(1);
    expect(handWrittenFigures("highlight: '2 free regenerations per photo'")).toHaveLength(1);
    expect(
      handWrittenFigures('// a 10 MB upload used to stall the loop\n/* 2 free regenerations */'),
    ).toEqual([]);
  });
});
