// The structure guard (engines.md, "After every engine"): fix the geometry, find what changed,
// paste the original back outside the furniture, and score how much structure the model kept.
import type { RawImage, Staged } from '#server/engines/types.ts';
import { changeMask } from './change-mask.ts';
import { alignFrames, aspectChange, isReframed, letterboxShare } from './geometry.ts';
import { featherMask } from './morphology.ts';
import { downsamplePlane, downsampleRgb, luma, poolMask, resizeMaskNearest, resizeRaw, upsampleMask, workSize } from './raster.ts';
import { areaFactor, erasureFactor, geometryFactor, lineSurvival, type GeometryFindings } from './score.ts';
import { detectSegments, gradient } from './segments.ts';
import type { GuardOptions, GuardResult } from './types.ts';

export const DEFAULT_THRESHOLD = 0.6;
const pct = (v: number) => `${Math.round(v * 100)} %`;

/** Alpha blend with exact copies at 0 and 255, so unmasked pixels are the original bytes. */
function recompose(input: RawImage, output: RawImage, mask: Uint8Array): RawImage {
  const data = input.data.slice();
  for (let p = 0; p < mask.length; p++) {
    const a = mask[p]!;
    if (a === 0) continue;
    for (let c = p * 3; c < p * 3 + 3; c++) {
      data[c] = a === 255 ? output.data[c]! : Math.round(input.data[c]! + ((output.data[c]! - input.data[c]!) * a) / 255);
    }
  }
  return { width: input.width, height: input.height, channels: 3, data };
}

export async function guardStructure(input: RawImage, staged: Staged, opts: GuardOptions = {}): Promise<GuardResult> {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const { width: W, height: H } = input;
  const { width: sw, height: sh } = staged.image;
  const issues: string[] = [];

  // 1. Geometry: stretch to the input's exact size, then measure what the model did to the frame.
  const output = await resizeRaw(staged.image, W, H);
  const engineMask = staged.furnitureMask.length === sw * sh ? resizeMaskNearest(staged.furnitureMask, sw, sh, W, H) : new Uint8Array(W * H);
  const size = workSize(W, H, opts.workSize ?? 512);
  const { width: w, height: h } = size;
  const [inRgb, outRgb] = await Promise.all([downsampleRgb(input, size), downsampleRgb(output, size)]);
  const inGray = luma(inRgb);
  const outGray = luma(outRgb);
  const small = workSize(w, h, 128);
  const tiny = workSize(w, h, 64);
  const alignment = alignFrames(
    { input: downsamplePlane(inGray, w, h, small), output: downsamplePlane(outGray, w, h, small), w: small.width, h: small.height },
    { input: downsamplePlane(inGray, w, h, tiny), output: downsamplePlane(outGray, w, h, tiny), w: tiny.width, h: tiny.height },
  );
  const geometry: GeometryFindings = {
    aspectChange: aspectChange(W, H, sw, sh),
    letterboxShare: letterboxShare(inGray, outGray, w, h),
    reframe: isReframed(alignment) ? alignment : null,
  };
  if (geometry.aspectChange > 0.03) issues.push(`The AI returned a ${sw}x${sh} image for a ${W}x${H} photo (aspect ratio changed); it was resized back.`);
  if (geometry.letterboxShare > 0) issues.push('The AI added borders around the photo (letterboxing).');
  if (geometry.reframe) {
    const { scale, dx, dy } = geometry.reframe;
    issues.push(`The AI re-framed the camera (zoom ${scale.toFixed(2)}x, shift ${pct(dx)} x ${pct(dy)}).`);
  }

  // 2. Change mask, 3. recompose: only furniture blobs (and the engine's own mask) keep model pixels.
  const change = changeMask(inRgb, outRgb, w, h, poolMask(engineMask, W, H, size), { minDiff: opts.minDiff ?? 20 });
  if (change.erasedBlobs > 0) issues.push('The AI removed or moved a window, door or fixture; the original was restored there.');
  const feather = Math.max(1, Math.round(Math.max(w, h) / 256));
  const mask = upsampleMask(featherMask(change.furniture, w, h, feather), size, W, H);
  const image = recompose(input, output, mask);

  // 4. Score the model's own output (before recomposition hides its mistakes).
  const inGrad = gradient(inGray, w, h);
  const segments = detectSegments(inGrad, w, h, { minLength: Math.max(w, h) * 0.08 });
  const lines = lineSurvival(segments, inGrad, gradient(outGray, w, h), change.changed, w, h);
  let lineScore = lines.share;
  if (lines.totalLength < Math.max(w, h) * 0.5) {
    lineScore = 1;
    issues.push('Few structural lines to check; the score relies on the changed area.');
  } else if (lines.share < 0.75) {
    issues.push(`Only ${pct(lines.share)} of the room's structural lines survived unchanged.`);
  }
  if (change.changedShare > 0.5) issues.push(`The AI changed ${pct(change.changedShare)} of the photo.`);
  const raw = lineScore * areaFactor(change.changedShare) * erasureFactor(change.erasedBlobs) * geometryFactor(geometry);
  const structureScore = Math.round(Math.min(1, Math.max(0, raw)) * 1000) / 1000;
  return { image, mask, structureScore, passed: structureScore >= threshold, issues };
}
