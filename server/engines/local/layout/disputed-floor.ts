// How far the floor's far end is known. The colour floor and the room box are independent estimates
// of where the floor ends (trusted-floor.ts); pieces stand where both see floor. Where they end in
// the same place (a wall base both see) the end is certain. Where one runs well past the other the
// end is only known to lie somewhere between them: the colour floor stops at whatever the box
// ignores (units, a counter's kneehole, a bed, a glass table that reads as floor to neither), or the
// box stops short of a floor the colour sees. A main piece decides whether the room is staged and
// stands on the agreed floor; a companion or decor piece is optional, so it takes the disagreement
// itself as its margin: its base keeps as much floor between itself and the agreed end as the
// estimates disagree by (decision 0263). One number per column, built once per layout.
import { floorPoint, project, type Camera } from '../geometry/camera.ts';

/**
 * The agreed rows (`agreed`, first floor row per column) moved towards the camera by the
 * disagreement: at each column the agreed end A and the loosest end L (`loose`) are put on the floor
 * and the row of A + (A - L), the point as far in front of A as L lies behind it, is kept where it
 * is lower. A loosest end above the horizon (an estimate with no end) or a margin reaching past the
 * camera leaves no certain floor in that column inside the frame. Returns a new array.
 */
export function certainFloorRows(cam: Camera, agreed: Float32Array, loose: Float32Array): Float32Array {
  const out = Float32Array.from(agreed);
  for (let u = 0; u < out.length; u++) {
    const ra = agreed[u]!;
    const rl = loose[u]!;
    if (!(ra < cam.height) || !(rl < ra)) continue;
    const a = floorPoint(cam, u + 0.5, ra);
    if (!a) continue;
    const l = floorPoint(cam, u + 0.5, Math.max(rl, 0));
    if (!l) {
      out[u] = cam.height;
      continue;
    }
    const [, v, depth] = project(cam, [2 * a[0] - l[0], 0, 2 * a[2] - l[2]]);
    out[u] = depth > 0 ? Math.max(ra, v) : cam.height;
  }
  return out;
}
