// Fronts of things standing on the floor: a run of kitchen units, a bookcase, a wardrobe. One
// upright edge only vetoes a piece whose base straddles it (uprights.ts); a front is an upright with
// the horizontal lines a box face is made of running from it (a worktop edge, drawer and door rails,
// shelves). Everything in its columns down to its foot line is that front: the floor only starts
// below it. A base whose back edge lies above that line would stand on the units or inside the
// bookcase, however floor-coloured they look. A front whose lower edge is not on the floor (a window
// between its jambs) never vetoes a floor piece: its foot line lies above where floor pieces stand.
import type { Segment } from '../analysis/segments.ts';
import { backRow, type Upright } from './uprights.ts';
import type { Pt } from './geometry.ts';

export interface Front {
  /** Left and right columns, and the rows of the foot line there (image pixels). */
  u0: number;
  u1: number;
  foot0: number;
  foot1: number;
}

/** Rails needed to call an edge the side of a front: a single line may be a coincidence (a door head). */
const RAILS = 2;
/** How far a rail's end may fall short of or overshoot the edge, as a share of the frame's width. */
const END_SLACK = 0.015;
/** Lines steeper than this (radians from horizontal) are not rails: they are edges or floor lines running into the room. */
const MAX_RAIL_SLOPE = 0.9;

/** Row of a front's foot line at column u. */
const footRow = (f: Front, u: number) => f.foot0 + ((f.foot1 - f.foot0) * (u - f.u0)) / (f.u1 - f.u0 || 1);

/**
 * Each upright that at least RAILS non-vertical segments start from (one end at its column, above
 * its foot) and that run the same way is the side of a front. The front reaches as far as its
 * longest rail (a worktop edge runs the whole length of its units); its foot line starts at the
 * upright's foot and runs parallel to the lowest rail, the one nearest the floor and so nearest the
 * floor line in perspective. Rails
 * are often cut by a divider or a shelf's contents, so each side makes its own front from its own
 * rails instead of requiring one line that spans a whole bookcase.
 */
export function fronts(
  segments: readonly Segment[],
  ups: readonly Upright[],
  width: number,
  horizon: number,
): Front[] {
  const slack = width * END_SLACK;
  const found: Front[] = [];
  for (const e of ups) {
    for (const dir of [1, -1] as const) {
      const rails: { far: Pt; slope: number; y: number }[] = [];
      for (const g of segments) {
        if (Math.abs(g.angle) > MAX_RAIL_SLOPE) continue;
        const ends: [Pt, Pt] = [
          [g.x1, g.y1],
          [g.x2, g.y2],
        ];
        const near = ends.find((p) => Math.abs(p[0] - e.u) <= slack && p[1] <= e.foot + slack);
        if (!near) continue;
        const far = near === ends[0] ? ends[1] : ends[0];
        if ((far[0] - e.u) * dir < slack * 2) continue;
        rails.push({ far, slope: (far[1] - near[1]) / (far[0] - near[0]), y: near[1] });
      }
      if (rails.length < RAILS) continue;
      const reach =
        dir === 1 ? Math.max(...rails.map((r) => r.far[0])) : Math.min(...rails.map((r) => r.far[0]));
      const lowest = rails.reduce((a, b) => (b.y > a.y ? b : a));
      // Above eye level a line runs the other way in perspective (a ceiling line falls towards the
      // horizon where the floor line rises): only a rail below the horizon gives the foot line.
      if (lowest.y <= horizon) continue;
      const other = e.foot + lowest.slope * (reach - e.u);
      found.push(
        dir === 1
          ? { u0: e.u, u1: reach, foot0: e.foot, foot1: other }
          : { u0: reach, u1: e.u, foot0: other, foot1: e.foot },
      );
    }
  }
  return found;
}

/**
 * True when a base's back edge lies above a front's foot line in the front's columns: the piece
 * would stand on the units or inside the bookcase. Checked in the middle of the base's part inside
 * the front, so a base reaching into a front from one side counts too. `base` is the footprint's
 * four corners in image pixels, in order around it.
 */
export function standsInFront(base: readonly Pt[], list: readonly Front[], frameHeight: number): boolean {
  const xs = base.map((p) => p[0]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  return list.some((f) => {
    const lo = Math.max(x0, f.u0);
    const hi = Math.min(x1, f.u1);
    // The base must reach well into the front, not just touch a side edge.
    if (hi - lo < Math.min(x1 - x0, f.u1 - f.u0) * 0.3) return false;
    const u = (lo + hi) / 2;
    const back = Math.min(backRow(base, u), frameHeight - 1);
    return back < footRow(f, u) - frameHeight * 0.005;
  });
}
