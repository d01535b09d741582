// Expected verdicts for engine:eval, read from a PAIRS.md table beside the pairs: its "category"
// says what the tool was meant to do, its "note" what it actually changed. Staging, enhance and
// declutter keep the room unless the note says the structure changed; redesign and renovation
// change it. Expected reasons come from the note's words.
import fs from 'node:fs';
import path from 'node:path';
import type { Reason } from '#server/engines/guard/index.ts';

export interface Expectation {
  category: string;
  keep: boolean;
  /** Any of these among the guard's reasons counts as the matching reason; empty: any flag. */
  reasons: Reason[];
}

const KEYWORDS: [Reason, RegExp][] = [
  [
    'window-moved',
    /window[^.;,]*(changed|turned|moved|shifted|removed)|fireplace[^.;,]*removed|built-ins? redesigned|became a door|re-imagined/i,
  ],
  [
    'walls-repainted',
    /repaint|wall colou?r|re-?textured|materials|tiles|feature wall|moulding|ceiling[^.;,]*replaced|tray ceiling|walls?[^.;,]*replaced/i,
  ],
  ['camera-moved', /re-?crop|foreshortened|perspective changed|depth shortened|closer/i],
];

export function expectations(dir: string): Map<string, Expectation> {
  const file = path.join(dir, 'PAIRS.md');
  const out = new Map<string, Expectation>();
  if (!fs.existsSync(file)) return out;
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('|'));
  const head = lines[0]?.split('|').map((c) => c.trim().toLowerCase()) ?? [];
  const col = (name: string) => head.findIndex((c) => c.startsWith(name));
  const [iLocal, iCat, iNote] = [col('local'), col('category'), col('note')];
  if (iLocal < 0 || iCat < 0 || iNote < 0) return out;
  for (const line of lines.slice(2)) {
    const cells = line.split('|').map((c) => c.trim());
    const m = /`([^`]+?)before\.[a-z]+`/i.exec(cells[iLocal] ?? '');
    if (!m) continue;
    const category = cells[iCat] ?? '';
    const note = cells[iNote] ?? '';
    const keep = /^(staging|enhance|declutter)/i.test(category) && !/STRUCTURE CHANGED/.test(note);
    out.set(m[1]!, {
      category,
      keep,
      reasons: keep ? [] : KEYWORDS.filter(([, re]) => re.test(`${category} ${note}`)).map(([r]) => r),
    });
  }
  return out;
}
