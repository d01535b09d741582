// Thin posts standing on the floor (docs/decisions/0237): a stool's legs, pipe stubs left in a shell,
// a floor lamp's stem. The object detector misses them (a few pixels wide), and the segment detector
// too (too short), yet a rug or a sofa drawn over one hides something that stands in the room. A post
// is read from how a camera sees one: a thin bar (brighter or darker than the floor on both sides)
// running up the image from a foot on the floor, as tall as a stool or a pipe at the depth of that
// foot (its height in metres is its image length over the rows its foot lies below the horizon, times
// the eye height). Floor lines that reach the floor's far edge (a reflection hanging from a wall base,
// a board joint) and bars as tall as a door jamb are not posts.
import type { Box } from '#server/lib/images/index.ts';
import type { AnalysisImage, Plane } from '../analysis/pyramid.ts';
import { horizonRow, type Camera } from '../geometry/camera.ts';
import { pointInPolygon, type Pt } from './geometry.ts';
import { barRow, MIN_CONTRAST, rawBar } from './post-bars.ts';
import { outlineTop } from './wall-base.ts';

/** Long side of the copy posts are looked for on: a pipe a few centimetres wide is 5-10 px there. */
export const POSTS_SIDE = 1280;
/** Rows a bar may skip (a highlight on a pipe, a ring of tape) and still be one post. */
const GAP = 2;
/** Heights (metres) of a post: a pipe stub or a stool's leg up to a bar stool's seat. */
const MIN_HEIGHT = 0.25;
const MAX_HEIGHT = 1.2;
/** Share of a post's rows that must show the bar. */
const FILL = 0.75;
/** A world-vertical bar is near-vertical in the image: columns it may drift per row. */
const DRIFT = 0.15;
/** Margin (share of the image height) a post's foot keeps inside the floor's far edge, and its top away from it. */
const EDGE = 0.02;

/** Share of the rows past a chain's end still on its line from which the chain is part of a longer line. */
const RUNS_ON = 0.4;

interface Chain {
  sign: number;
  x: number;
  top: number;
  xTop: number;
  bottom: number;
  rows: number;
  half: number;
  /** The last row the chain was continued on (a chain continues once per row). */
  on: number;
}

/**
 * Share of the rows above a chain's top (as many as half its length) that still show a bar of its sign,
 * at half the contrast, where the chain's line runs on: a floor joint and a reflection (hanging from what
 * it mirrors) run on, a post ends at its top. Below the foot a post may run on (its flange, its shadow).
 */
function runsOn(lum: Plane, fromRow: number, c: Chain): number {
  const { width: W, height: H } = lum;
  const len = c.bottom - c.top + 1;
  const ext = Math.max(6, Math.round(len / 2));
  const slope = (c.x - c.xTop) / Math.max(1, len - 1);
  let hits = 0;
  let rows = 0;
  for (let k = 1; k <= ext; k++) {
    const y = c.top - k;
    if (y < 0 || y >= H) break;
    rows++;
    const xc = Math.round(c.xTop - slope * k);
    for (let x = Math.max(0, xc - 2); x <= Math.min(W - 1, xc + 2); x++) {
      if (rawBar(lum, x, y, fromRow) * c.sign >= MIN_CONTRAST / 2) {
        hits++;
        break;
      }
    }
  }
  return rows ? hits / rows : 0;
}

/** Vertical runs of bar centres, top down; `sign` is the top's (bright or dark). */
function chainsOf(lum: Plane, fromRow: number): Chain[] {
  const { width: W, height: H } = lum;
  const bar = new Float32Array(W);
  const half = new Uint8Array(W);
  // Per column (shifted by one, so x - 1 and x + 1 need no bounds test), 1 + the index in `open` of
  // the chain that ended the row above there (the last one, when two did); 0 for none.
  const at = new Int32Array(W + 2);
  const done: Chain[] = [];
  let open: Chain[] = [];
  // A post may change from bright to dark up its length (a white stub on a black pipe): one post.
  const find = (x: number, y: number) => {
    for (const k of [at[x + 1]!, at[x]!, at[x + 2]!]) {
      const o = k ? open[k - 1]! : undefined;
      if (o && o.on !== y) return o;
    }
    return undefined;
  };
  for (let y = Math.max(0, fromRow); y < H; y++) {
    barRow(lum, y, bar, half);
    const next: Chain[] = [];
    const ends = open.map((o) => o.x);
    open.forEach((o, k) => (at[o.x + 1] = k + 1));
    for (let x = 0; x < W; x++) {
      const v = bar[x]!;
      if (v === 0) continue;
      const sign = Math.sign(v);
      const c = find(x, y);
      if (c) {
        c.on = y;
        c.x = x;
        c.bottom = y;
        c.rows++;
        c.half = Math.max(c.half, half[x]!);
        next.push(c);
      } else next.push({ sign, x, top: y, xTop: x, bottom: y, rows: 1, half: half[x]!, on: -1 });
    }
    for (const x of ends) at[x + 1] = 0;
    for (const o of open) {
      if (o.on === y) continue;
      if (y - o.bottom <= GAP) next.push(o);
      else done.push(o);
    }
    open = next;
  }
  return [...done, ...open];
}

/**
 * Thin posts standing on the floor, as obstacle boxes in full-resolution pixels (the post's image from
 * its top to its foot, a bar's width either side). `floor` is the floor outline in full-resolution pixels.
 */
export function floorPosts(
  img: Pick<AnalysisImage, 'scale' | 'lum'>,
  floor: readonly Pt[],
  cam: Camera,
): Box[] {
  const { width: W, height: H } = img.lum;
  const s = img.scale;
  const horizon = horizonRow(cam);
  const fromRow = Math.floor(Math.max(0, horizon * s));
  const top = outlineTop(
    floor.map(([u, v]) => [u * s, v * s] as Pt),
    W,
  );
  const edge = EDGE * H;
  const posts: Box[] = [];
  for (const c of chainsOf(img.lum, fromRow)) {
    const len = c.bottom - c.top + 1;
    if (len < 6 || c.rows < FILL * len) continue;
    if (Math.abs(c.x - c.xTop) > DRIFT * len + 1) continue;
    const footTop = top[c.x]!;
    // The foot stands on the floor, clear of its far edge (a jamb's or a reflection's foot is on it).
    if (Number.isNaN(footTop) || c.bottom < footTop + edge) continue;
    if (!pointInPolygon([c.x / s, c.bottom / s], floor)) continue;
    // A bar whose top ends at the floor's far edge hangs from it: a wall's reflection in a glossy floor.
    const topEdge = top[c.xTop]!;
    if (!Number.isNaN(topEdge) && Math.abs(c.top - topEdge) < edge) continue;
    if (runsOn(img.lum, fromRow, c) >= RUNS_ON) continue;
    const below = c.bottom / s - horizon;
    if (below <= 0) continue;
    const metres = ((len / s) * cam.eye) / below;
    if (metres < MIN_HEIGHT || metres > MAX_HEIGHT) continue;
    const x0 = Math.min(c.x, c.xTop) - c.half;
    const x1 = Math.max(c.x, c.xTop) + c.half;
    posts.push({ x0: x0 / s, y0: c.top / s, x1: x1 / s, y1: (c.bottom + 1) / s });
  }
  return merged(posts);
}

const touch = (a: Box, b: Box) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/** Boxes that touch are one post (both edges of a wide pipe, a leg traced twice). */
function merged(boxes: Box[]): Box[] {
  const out: Box[] = [];
  for (const b of boxes) {
    let m = { ...b };
    for (let i = out.length - 1; i >= 0; i--) {
      const o = out[i]!;
      if (!touch(o, m)) continue;
      m = {
        x0: Math.min(o.x0, m.x0),
        y0: Math.min(o.y0, m.y0),
        x1: Math.max(o.x1, m.x1),
        y1: Math.max(o.y1, m.y1),
      };
      out.splice(i, 1);
    }
    out.push(m);
  }
  return out;
}
