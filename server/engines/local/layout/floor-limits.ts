// What the room's geometry allows of a floor estimate before any base is judged on it (decisions 0170,
// 0171): no higher up a wall than the room's height allows (wall-height.ts), and not into a mirror's
// reflection (mirror-seams.ts), and not above a wall base found inside a floor that ran to the depth limit
// (wall-base.ts, 0172). Applied to the floor outlines themselves, so the stored room of a
// staging carries them and a piece the agent drags is judged the same way (issue 31).
import type { RoomAnalysis } from '../analysis/analyze.ts';
import type { Pt } from './geometry.ts';
import { clearSeams, mirrorSeams } from './mirror-seams.ts';
import { lowerOf, wallBaseRows } from './wall-base.ts';
import { clipToWallHeight, floorLimitRows, lowestLevelLines } from './wall-height.ts';

/** A function that lowers a floor outline (image pixels) to what the room's geometry allows. */
export function floorLimits(
  a: Pick<RoomAnalysis, 'segments' | 'camera' | 'edges' | 'analysisScale' | 'vanishingPoints' | 'floorImage'>,
): (outline: readonly Pt[]) => Pt[] {
  const rows = lowerOf(
    floorLimitRows(lowestLevelLines(a.segments, a.camera), a.camera),
    wallBaseRows(a.segments, a.floorImage, a.camera),
  );
  const s = a.analysisScale;
  const seams = mirrorSeams(
    a.edges,
    a.vanishingPoints.filter((v) => v.finite).map((v) => v.x * s),
  );
  return (outline) => clearSeams(clipToWallHeight(outline, rows), seams, s);
}
