// Wall decor among the lost lines. Staging may take a picture, a TV or a mirror off a wall and hang
// another: that is furnishing, not architecture, so its outline must neither count as lost structure
// nor read as a moved window. What tells decor from an opening follows from how rooms work: a
// picture hangs on one wall, so the same wall shows on all four sides of it (a door reaches the
// floor, a built-in the floor or the ceiling), and it only reflects the room's light, so it is
// darker than the wall around it (a window in a daylit photo is brighter: it lets the light in).
import type { Box } from '#server/lib/images/index.ts';
import { HORIZON, linePoints, type LineFindings, type LineTally } from './compare.ts';

/**
 * The same paint on two sides of a piece: the same hue (rg chromaticity within 0.02, about 5 levels
 * of a mid grey), the brightness free to fall off across the wall by up to 40 % (a wall lit from a
 * window darkens away from it; the piece's own shadow darkens the strip under it).
 */
const SAME_HUE = 0.02;
const SHADE = 1.4;
function samePaint(a: readonly number[], b: readonly number[]): boolean {
  const sa = a[0]! + a[1]! + a[2]! + 1;
  const sb = b[0]! + b[1]! + b[2]! + 1;
  const hue = Math.hypot(a[0]! / sa - b[0]! / sb, a[1]! / sa - b[1]! / sb);
  return hue <= SAME_HUE && Math.max(sa, sb) / Math.min(sa, sb) <= SHADE;
}
/** Clearly darker than its wall, not merely as bright (a pale window pane can match a white wall). */
const DARKER_BY = 10;
/** A picture, a TV or a mirror covers a small part of one wall. */
const MAX_AREA = 0.1;

const luma = (c: readonly number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;

/** Mean colour of a rectangle of an RGB plane (inclusive bounds, already inside the image). */
function meanColour(rgb: Float32Array, w: number, b: Box): number[] {
  const sum = [0, 0, 0];
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++) for (let c = 0; c < 3; c++) sum[c]! += rgb[(y * w + x) * 3 + c]!;
  const n = (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
  return sum.map((v) => v / n);
}

/**
 * Whether the photo shows a piece hung on a wall inside `box`: the ring `ring` pixels wide around it
 * lies in the frame and shows the same paint on all four sides, and the inside is clearly darker than it.
 */
export function hangsOnWall(rgb: Float32Array, w: number, h: number, box: Box, ring: number): boolean {
  const { x0, y0, x1, y1 } = box;
  if (x0 - ring < 0 || y0 - ring < 0 || x1 + ring >= w || y1 + ring >= h) return false;
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_AREA * w * h) return false;
  const sides = [
    { x0, y0: y0 - ring, x1, y1: y0 - 1 },
    { x0, y0: y1 + 1, x1, y1: y1 + ring },
    { x0: x0 - ring, y0, x1: x0 - 1, y1 },
    { x0: x1 + 1, y0, x1: x1 + ring, y1 },
  ].map((s) => meanColour(rgb, w, s));
  for (let i = 0; i < 4; i++)
    for (let j = i + 1; j < 4; j++) if (!samePaint(sides[i]!, sides[j]!)) return false;
  const wall = luma(sides.reduce((s, c) => s.map((v, k) => v + c[k]! / 4), [0, 0, 0]));
  return luma(meanColour(rgb, w, box)) <= wall - DARKER_BY;
}

const mostlyLost = (t: LineTally) => t.lost * 2 >= t.up;
const isLevel = (t: LineTally) => Math.abs(t.y2 - t.y1) < Math.abs(t.x2 - t.x1);
const boxOf = (t: LineTally): Box => ({
  x0: Math.min(t.x1, t.x2),
  y0: Math.min(t.y1, t.y2),
  x1: Math.max(t.x1, t.x2),
  y1: Math.max(t.y1, t.y2),
});
const near = (a: Box, b: Box, r: number) =>
  a.x0 - r <= b.x1 && b.x0 - r <= a.x1 && a.y0 - r <= b.y1 && b.y0 - r <= a.y1;

/**
 * The lines that outlined wall decor the model took away or replaced: mostly-lost lines grouped by
 * proximity into outlines with a level and an upright side (a frame, not a lone edge), whose box
 * (the lines' full length, below the horizon too) `hangsOnWall` in the photo.
 */
export function decorLines(tallies: LineTally[], rgb: Float32Array, w: number, h: number): LineTally[] {
  const r = Math.max(2, Math.round(Math.max(w, h) / 64));
  const lost = tallies.filter(mostlyLost);
  const group = lost.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  for (let i = 0; i < lost.length; i++)
    for (let j = i + 1; j < lost.length; j++)
      if (near(boxOf(lost[i]!), boxOf(lost[j]!), r)) group[root(i)] = root(j);
  const out: LineTally[] = [];
  for (let g = 0; g < lost.length; g++) {
    const members = lost.filter((_, i) => root(i) === g);
    if (!members.some(isLevel) || members.every(isLevel)) continue;
    const boxes = members.map(boxOf);
    const box = {
      x0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x0)))),
      y0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y0)))),
      x1: Math.min(w - 1, Math.ceil(Math.max(...boxes.map((b) => b.x1)))),
      y1: Math.min(h - 1, Math.ceil(Math.max(...boxes.map((b) => b.y1)))),
    };
    if (hangsOnWall(rgb, w, h, box, r)) out.push(...members);
  }
  return out;
}

/** The line findings with decor's lines taken out: they were furnishing, neither kept nor lost structure. */
export function withoutDecor(lines: LineFindings, decor: LineTally[], w: number, h: number): LineFindings {
  if (decor.length === 0) return lines;
  const lost = lines.lost.slice();
  for (const t of decor)
    for (const [x, y] of linePoints(t)) if (x >= 0 && y >= 0 && x < w && y < h * HORIZON) lost[y * w + x] = 0;
  const up = lines.upperPoints - decor.reduce((s, t) => s + t.up, 0);
  const kept = lines.upper * lines.upperPoints - decor.reduce((s, t) => s + t.up - t.lost, 0);
  const drop = new Set(decor);
  return {
    ...lines,
    upper: up > 0 ? kept / up : 1,
    upperPoints: up,
    lost,
    tallies: lines.tallies.filter((t) => !drop.has(t)),
  };
}
