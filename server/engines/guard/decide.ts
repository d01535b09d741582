// What the customer receives. Recomposition (the photo's own pixels everywhere but the furniture)
// is only worth it when it yields a better photo than the model's: the model kept the room, its
// changes are whole objects that stand on the floor or hang compactly on a wall, and the furniture,
// brought back to the photo's lighting, meets the photo without a visible edge. In every other case
// the model's own image is delivered whole, aligned to the photo's frame, because a photo with
// fragments of another photo pasted into it is worse than either.
import type { Affine } from './align.ts';
import type { ChangeMask } from './change-mask.ts';
import { HORIZON, type ColourFit } from './compare.ts';
import { dilate, featherMask } from './morphology.ts';
import type { WorkSize } from './raster.ts';
import type { CoverRender, ModelRender, RecomposeRender } from './plan.ts';
import { alphaRegion } from './recompose.ts';
import { reframeAmount, type Findings } from './score.ts';
import { isIdentity } from './warp.ts';

export type Decision = 'recomposed' | 'model';

/** What the analysis chose to draw; no pixels yet (see render.ts). */
export interface Choice {
  /** decide() chooses a model or recompose render; the delivery check may replace it with cover. */
  render: ModelRender | RecomposeRender | CoverRender;
  /** Why recomposition was not used, or how it was done. */
  why: string;
  /** Mean grey-level step across the furniture's outline (null when recomposition was not tried). */
  seam: number | null;
}

interface Inputs {
  size: WorkSize;
  /** The photo's full size. */
  W: number;
  H: number;
  affine: Affine;
  fit: ColourFit;
  lit: Float32Array;
  warped: { rgb: Float32Array; covered: Uint8Array };
  change: ChangeMask;
  engineMask: Uint8Array;
  findings: Findings;
  score: number;
  threshold: number;
}

/** A seam more than this many grey levels deep shows at 100 % zoom on a smooth wall or floor. */
export const MAX_SEAM = 8;

/** Smallest zoom about the centre (>= 1) after which the aligned output covers the whole frame. */
export function coverZoom(t: Affine, w: number, h: number): number {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let z = 1;
  for (const [px, py] of [
    [-cx, -cy],
    [cx, -cy],
    [-cx, cy],
    [cx, cy],
  ] as const) {
    const ax = t.a00 * px + t.a01 * py;
    const ay = t.a10 * px + t.a11 * py;
    const room = [ax > 0 ? cx - t.tx : cx + t.tx, ay > 0 ? cy - t.ty : cy + t.ty];
    if (room[0]! <= 0 || room[1]! <= 0) return 1;
    z = Math.max(z, Math.abs(ax) / room[0]!, Math.abs(ay) / room[1]!);
  }
  return z;
}

/** Why recomposition is not safe here, or null when it is. */
function recomposeBlocker(x: Inputs): string | null {
  const { findings: f, change: c, size } = x;
  if (x.score < x.threshold) return 'the structure score is too low';
  if (f.alignment.coverage < 0.995 || reframeAmount(f.alignment) > 0.03) return 'the camera moved';
  if (f.surface > 0.1) return 'wall colours changed';
  if (c.changedShare < 0.003) return 'nothing was added';
  if (c.changedShare > 0.4) return 'most of the photo changed';
  const n = size.width * size.height;
  for (const b of c.blobs) {
    // From the floor up to the ceiling is architecture (a partition, a wall, a built-in), not a piece of furniture.
    if (b.y0 <= size.height * 0.08 && b.y1 >= size.height * HORIZON && b.fill < 0.45)
      return 'a change reaches from the floor to the ceiling';
    const onFloor = b.y1 >= size.height * HORIZON;
    const compactOnWall = b.fill >= 0.45 && b.area <= n * 0.05;
    if (!onFloor && !compactOnWall)
      return 'a change is neither furniture on the floor nor a compact wall piece';
  }
  return null;
}

/** The inverse of the model's global relight, so its furniture sits in the photo's light. */
const undoRelight = ({ gain, offset }: ColourFit) => ({
  gain: gain.map((g) => 1 / g),
  offset: offset.map((o, c) => -o / gain[c]!),
});

/** Mean absolute step between photo and re-lit model on the alpha's outer feather ring (work size). */
function seamDepth(x: Inputs, alpha: Uint8Array): number {
  const { width: w } = x.size;
  const { gain, offset } = x.fit;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]!;
    if (a === 0 || a === 255) continue;
    // Only the part of the ring where the photo and the model both show the room around the object.
    if (i % w < 1 || !x.warped.covered[i]) continue;
    let d = 0;
    for (let c = 0; c < 3; c++) {
      const model = (x.warped.rgb[i * 3 + c]! - offset[c]!) / gain[c]!;
      const photo = (x.lit[i * 3 + c]! - offset[c]!) / gain[c]!;
      d += Math.abs(model - photo);
    }
    sum += d / 3;
    n++;
  }
  return n ? sum / n : 0;
}

export function decide(x: Inputs): Choice {
  const { size, W, H } = x;
  const { width: w, height: h } = size;
  const blocker = recomposeBlocker(x);
  let seam: number | null = null;
  if (!blocker) {
    const furniture = dilate(x.change.changed, w, h, 1);
    for (let i = 0; i < furniture.length; i++) if (x.engineMask[i]) furniture[i] = 1;
    const feather = Math.max(2, Math.round(Math.max(w, h) / 128));
    const alpha = featherMask(furniture, w, h, feather);
    seam = seamDepth(x, alpha);
    const region = alphaRegion(alpha, size, W, H);
    if (seam <= MAX_SEAM && region)
      return {
        render: {
          kind: 'recompose',
          affine: x.affine,
          work: size,
          colour: undoRelight(x.fit),
          alpha,
          region,
        },
        why: `Recomposed: the AI's furniture on the original photo (seam ${seam.toFixed(1)} grey levels).`,
        seam,
      };
  }
  // Three photo pixels of margin: the cover zoom is found at work size, and a black sliver at the
  // border would be the one thing in the image the model did not paint.
  const zoom = isIdentity(x.affine, w, h, W) ? 1 : coverZoom(x.affine, w, h) * (1 + 3 / Math.min(W, H));
  const why = blocker ?? `the furniture's outline would show (seam ${seam?.toFixed(1)} grey levels)`;
  return {
    render: { kind: 'model', affine: x.affine, zoom, work: size },
    why: `Delivered the AI's own image, aligned to the photo${zoom > 1.001 ? ` (cropped ${((1 - 1 / zoom) * 100).toFixed(1)} % to fill the frame)` : ''}: ${why}.`,
    seam,
  };
}
