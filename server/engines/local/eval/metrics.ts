// Figures for identify() over labelled photos: the confusion tables, precision and recall, and
// whether the product's targets are met. Pure, so the CLI and the CI test share them.
import { ROOM_TYPES, type RoomType } from '#shared/constants/staging.ts';
import type { LabelledPhoto } from './labels.ts';

export interface PhotoResult {
  photo: LabelledPhoto;
  /** Short side in pixels: photos under the size minimum must be refused as too small. */
  short: number;
  isValid: boolean;
  reason: string | null;
  roomType: RoomType | null;
  furnished: boolean;
  ms: number;
}

/** Issue 27's targets, on the held-out split. */
export const TARGETS = {
  exteriorsRefused: 0.97,
  interiorsAccepted: 0.97,
  roomTypeRecall: 0.6,
  roomTypePrecision: 0.95,
  furnishedBedrooms: 0.85,
  furnishedEmptyMax: 0.05,
} as const;

export interface Figures {
  /** Share of non-interiors refused. */
  exteriorsRefused: Ratio;
  /** Share of interiors at or above the size minimum accepted. */
  interiorsAccepted: Ratio;
  /** Small interiors refused as too small. */
  smallRefused: Ratio;
  /** Bedrooms and kitchens whose type was claimed correctly. */
  roomTypeRecall: Ratio;
  /** Correct claims over all claims. */
  roomTypePrecision: Ratio;
  /** Per true type: claimed correctly / photos of that type. */
  perType: Record<string, Ratio>;
  furnishedBedrooms: Ratio;
  /** Furnished flag raised on photos known to be empty. */
  furnishedEmpty: Ratio;
  /** Rows: true subject; columns: claimed room type or "-" (accepted, no claim) or "refused". */
  confusion: Map<string, Map<string, number>>;
  p95Ms: number;
  slowest: PhotoResult | null;
}

export interface Ratio {
  hit: number;
  of: number;
}
export const rate = (r: Ratio) => (r.of ? r.hit / r.of : NaN);

export function computeFigures(results: PhotoResult[], minShort: number): Figures {
  const r = (): Ratio => ({ hit: 0, of: 0 });
  const f = {
    exteriorsRefused: r(),
    interiorsAccepted: r(),
    smallRefused: r(),
    roomTypeRecall: r(),
    roomTypePrecision: r(),
    furnishedBedrooms: r(),
    furnishedEmpty: r(),
  };
  const perType: Record<string, Ratio> = {};
  const confusion = new Map<string, Map<string, number>>();
  for (const x of results) {
    const p = x.photo;
    const col = x.isValid ? (x.roomType ?? '-') : 'refused';
    const row = confusion.get(p.subject) ?? new Map<string, number>();
    row.set(col, (row.get(col) ?? 0) + 1);
    confusion.set(p.subject, row);
    if (!p.interior) add(f.exteriorsRefused, !x.isValid);
    else if (x.short >= minShort) add(f.interiorsAccepted, x.isValid);
    else add(f.smallRefused, !x.isValid);
    const sized = x.short >= minShort;
    if (p.roomType && sized) {
      const t = (perType[p.roomType] ??= r());
      add(t, x.isValid && x.roomType === p.roomType);
    }
    if ((p.subject === 'bedroom' || p.subject === 'kitchen') && sized)
      add(f.roomTypeRecall, x.isValid && x.roomType === p.roomType);
    if (x.isValid && x.roomType) add(f.roomTypePrecision, x.roomType === p.roomType);
    if (p.subject === 'bedroom' && p.furnished && sized) add(f.furnishedBedrooms, x.isValid && x.furnished);
    if (p.furnished === false && sized) add(f.furnishedEmpty, x.isValid && x.furnished);
  }
  const ms = results.map((x) => x.ms).sort((a, b) => a - b);
  const slowest = results.reduce<PhotoResult | null>((m, x) => (!m || x.ms > m.ms ? x : m), null);
  return { ...f, perType, confusion, p95Ms: ms[Math.max(0, Math.ceil(ms.length * 0.95) - 1)] ?? 0, slowest };
}

function add(r: Ratio, ok: boolean) {
  r.of++;
  if (ok) r.hit++;
}

/** The targets that are measurable on these photos and missed, as readable lines (empty when all pass). */
export function missedTargets(f: Figures): string[] {
  const out: string[] = [];
  const check = (name: string, v: Ratio, min: number, max = false) => {
    if (!v.of) return;
    const x = rate(v);
    if (max ? x > min : x < min)
      out.push(`${name}: ${pct(v)} (target ${max ? '≤' : '≥'} ${(min * 100).toFixed(0)}%)`);
  };
  check('exteriors refused', f.exteriorsRefused, TARGETS.exteriorsRefused);
  check('interiors accepted', f.interiorsAccepted, TARGETS.interiorsAccepted);
  check('room type claimed for bedrooms and kitchens', f.roomTypeRecall, TARGETS.roomTypeRecall);
  check('room type precision', f.roomTypePrecision, TARGETS.roomTypePrecision);
  check('furnished flag on bedrooms', f.furnishedBedrooms, TARGETS.furnishedBedrooms);
  check('furnished flag on empty rooms', f.furnishedEmpty, TARGETS.furnishedEmptyMax, true);
  return out;
}

export const pct = (v: Ratio) => (v.of ? `${((v.hit / v.of) * 100).toFixed(1)}% (${v.hit}/${v.of})` : 'n/a');

export function formatReport(f: Figures, title: string): string {
  const cols = ['refused', '-', ...ROOM_TYPES];
  const lines = [
    `== ${title}`,
    '',
    'true \\ claimed'.padEnd(14) + cols.map((c) => c.slice(0, 11).padStart(12)).join(''),
  ];
  for (const [subject, row] of [...f.confusion].sort()) {
    lines.push(subject.padEnd(14) + cols.map((c) => String(row.get(c) ?? 0).padStart(12)).join(''));
  }
  lines.push(
    '',
    `interior vs not   exteriors/non-rooms refused ${pct(f.exteriorsRefused)}; interiors ≥ size minimum accepted ${pct(f.interiorsAccepted)}; small interiors refused ${pct(f.smallRefused)}`,
    `room type         recall (bedrooms+kitchens) ${pct(f.roomTypeRecall)}; precision over all claims ${pct(f.roomTypePrecision)}`,
    `                  per type: ${Object.entries(f.perType)
      .map(([t, v]) => `${t} ${pct(v)}`)
      .join('; ')}`,
    `furnished flag    bedrooms ${pct(f.furnishedBedrooms)}; known-empty rooms ${pct(f.furnishedEmpty)}`,
    `speed             p95 ${f.p95Ms.toFixed(0)} ms; slowest ${f.slowest ? `${f.slowest.photo.file} ${f.slowest.ms.toFixed(0)} ms` : 'n/a'}`,
  );
  return lines.join('\n');
}
