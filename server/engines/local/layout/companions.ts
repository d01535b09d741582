// Which pieces of a group are companions: the nightstand beside the bed, the chairs round the table,
// the side table, the office chair. The main piece (sofa, bed, dining table, desk) decides whether the
// room is staged at all and stands on the floor the estimates agree on; a companion is small, the
// room reads as furnished without it, and a wrong one (a nightstand half on a plinth, a chair in a
// kneehole) costs the whole photo. So a companion is judged like an optional piece, by the stricter
// evidence of keep-clear.ts and disputed-floor.ts, once its group has its place: where it fails, it is
// left out and the group stays where it is (fit.ts, decision 0263).
import { WIDE } from './keep-clear.ts';
import type { TemplateItem } from './templates.ts';

/**
 * A required piece standing on the floor that is not the group's main piece and is smaller than the
 * pieces that block a door (WIDE in both directions): a rug lies flat, wall art hangs, and a coffee
 * table or a sideboard is furniture in its own right. `main` is the group's main template item,
 * compared by identity (undefined for a placed piece, whose `main` flag the caller reads).
 */
export function isCompanion(t: Pick<TemplateItem, 'kind' | 'w' | 'd' | 'elevation'>, main: unknown): boolean {
  return t !== main && t.kind !== 'rug' && t.kind !== 'art' && !t.elevation && Math.max(t.w, t.d) < WIDE;
}
