// The structure guard (engines.md, "After every engine"): fix the geometry, find what changed,
// paste the original back outside the furniture, and score how much structure the model kept.
import type { RawImage, Staged } from '#server/engines/types.ts';
import { detectSegments, sobel } from '#server/lib/images/index.ts';
import { changeMask } from './change-mask.ts';
import { alignFrames, aspectChange, isReframed, letterboxShare } from './geometry.ts';
import { featherMask } from './morphology.ts';
import { downsamplePlane, downsampleRgb, luma, poolMask, resizeRaw, workSize } from './raster.ts';
import { recompose } from './recompose.ts';
import { areaFactor, erasureFactor, geometryFactor, lineSurvival, type GeometryFindings } from './score.ts';
import type { GuardOptions, GuardResult } from './types.ts';

export const DEFAULT_THRESHOLD = 0.6;
/**
 * Structural lines: edges of more than 12 grey levels (sobel() reads a step of s as s / 2). Lines
 * of 8 % of the long side or more, on the unblurred work copy, bow and fray by a few pixels (soft
 * wall corners, lens distortion), so they need only fill 30 % of their fitted rectangle: at the
 * detector's default 0.5, a 12 MP bedroom photo kept barely a third of its wall and frame lines.
 */
const SEGMENTS = { minMagnitude: 6, minDensity: 0.3 };
const pct = (v: number) => `${Math.round(v * 100)} %`;

export async function guardStructure(
  input: RawImage,
  staged: Staged,
  opts: GuardOptions = {},
): Promise<GuardResult> {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const { width: W, height: H } = input;
  const { width: sw, height: sh } = staged.image;
  const issues: string[] = [];

  // 1. Geometry: stretch to the input's exact size, then measure what the model did to the frame.
  const output = await resizeRaw(staged.image, W, H);
  const size = workSize(W, H, opts.workSize ?? 512);
  const { width: w, height: h } = size;
  // Pooled straight from the engine's own size: resizing it to the input first would cost a 12 MP pass.
  const engineMask =
    staged.furnitureMask.length === sw * sh
      ? poolMask(staged.furnitureMask, sw, sh, size)
      : new Uint8Array(w * h);
  const [inRgb, outRgb] = await Promise.all([downsampleRgb(input, size), downsampleRgb(output, size)]);
  const inGray = luma(inRgb);
  const outGray = luma(outRgb);
  const small = workSize(w, h, 128);
  const tiny = workSize(w, h, 64);
  const alignment = alignFrames(
    {
      input: downsamplePlane(inGray, w, h, small),
      output: downsamplePlane(outGray, w, h, small),
      w: small.width,
      h: small.height,
    },
    {
      input: downsamplePlane(inGray, w, h, tiny),
      output: downsamplePlane(outGray, w, h, tiny),
      w: tiny.width,
      h: tiny.height,
    },
  );
  const geometry: GeometryFindings = {
    aspectChange: aspectChange(W, H, sw, sh),
    letterboxShare: letterboxShare(inGray, outGray, w, h),
    reframe: isReframed(alignment) ? alignment : null,
  };
  if (geometry.aspectChange > 0.03)
    issues.push(
      `The AI returned a ${sw}x${sh} image for a ${W}x${H} photo (aspect ratio changed); it was resized back.`,
    );
  if (geometry.letterboxShare > 0) issues.push('The AI added borders around the photo (letterboxing).');
  if (geometry.reframe) {
    const { scale, dx, dy } = geometry.reframe;
    issues.push(`The AI re-framed the camera (zoom ${scale.toFixed(2)}x, shift ${pct(dx)} x ${pct(dy)}).`);
  }

  // 2. Change mask, 3. recompose: only furniture blobs (and the engine's own mask) keep model pixels.
  const change = changeMask(inRgb, outRgb, w, h, engineMask, { minDiff: opts.minDiff ?? 20 });
  if (change.erasedBlobs > 0)
    issues.push('The AI removed or moved a window, door or fixture; the original was restored there.');
  const feather = Math.max(1, Math.round(Math.max(w, h) / 256));
  const { image, mask } = recompose(input, output, featherMask(change.furniture, w, h, feather), size);

  // 4. Score the model's own output (before recomposition hides its mistakes).
  const inGrad = sobel({ width: w, height: h, data: inGray });
  const segments = detectSegments(inGrad, { minLength: Math.max(w, h) * 0.08, ...SEGMENTS });
  const lines = lineSurvival(segments, inGrad, sobel({ width: w, height: h, data: outGray }), change.changed);
  let lineScore = lines.share;
  if (lines.totalLength < Math.max(w, h) * 0.5) {
    lineScore = 1;
    issues.push('Few structural lines to check; the score relies on the changed area.');
  } else if (lines.share < 0.75) {
    issues.push(`Only ${pct(lines.share)} of the room's structural lines survived unchanged.`);
  }
  if (change.changedShare > 0.5) issues.push(`The AI changed ${pct(change.changedShare)} of the photo.`);
  const raw =
    lineScore *
    areaFactor(change.changedShare) *
    erasureFactor(change.erasedBlobs) *
    geometryFactor(geometry);
  const structureScore = Math.round(Math.min(1, Math.max(0, raw)) * 1000) / 1000;
  return { image, mask, structureScore, passed: structureScore >= threshold, issues };
}
