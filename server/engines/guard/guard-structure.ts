// The structure guard, run after every engine: align the model's image with the photo, compare
// structure (not pixels) in the photo's frame, then plan one coherent photo: the original with the
// model's furniture when the change is furniture and the seam is clean, otherwise the model's own
// image aligned to the photo's exact size (retried once, then flagged, when the score is low). Never
// a mix of both anywhere else. The plan is drawn once, by whoever delivers it (render.ts).
import type { RawImage, Staged } from '#server/engines/types.ts';
import { alignTo, IDENTITY, type Affine } from './align.ts';
import { changeMask } from './change-mask.ts';
import { fitColour, gradients, lineSurvival, relight, surfaceChange } from './compare.ts';
import { decide } from './decide.ts';
import { PROBLEM_TEXT, warpProblems, type DeliveryProblem } from './delivery-check.ts';
import { decorLines, withoutDecor } from './decor.ts';
import { aspectChange, letterboxShare } from './geometry.ts';
import { dilate, components } from './morphology.ts';
import { downsampleRgb, luma, poolMask, workSize } from './raster.ts';
import { FAIL_AT, REASON_TEXT, scoreFindings, type Findings } from './score.ts';
import { warpRgb } from './warp.ts';
import type { DeliveryPlan } from './plan.ts';
import type { GuardOptions, GuardResult } from './types.ts';

export const DEFAULT_THRESHOLD = FAIL_AT;
/** Long side of the guard's analysis copies. */
const DEFAULT_WORK_SIZE = 512;

/** The photo's analysis copy, as guardStructure makes it: a caller that keeps a photo keeps this too. */
export function guardWorkCopy(input: RawImage): Promise<Float32Array> {
  return downsampleRgb(input, workSize(input.width, input.height, DEFAULT_WORK_SIZE));
}

const pct = (v: number) => `${Math.round(v * 100)} %`;

/** Lost upper-frame lines bunched in one place: a window, door or built-in that is gone or moved. */
function lostFrame(lost: Uint8Array, w: number, h: number, upperPoints: number): boolean {
  const r = Math.max(2, Math.round(Math.max(w, h) / 64));
  const grown = dilate(lost, w, h, r);
  const { labels, areas } = components(grown, w, h);
  const counts = new Array<number>(areas.length).fill(0);
  for (let i = 0; i < lost.length; i++) if (lost[i] && labels[i]) counts[labels[i]! - 1]!++;
  const biggest = Math.max(0, ...counts);
  return biggest >= Math.max(60, upperPoints * 0.12);
}

type Gradients = ReturnType<typeof gradients>;

/**
 * The lost-frame test run the other way: the model's long upper lines that the photo lacks, its
 * own wall decor (a new picture or TV) taken out, bunched in one place.
 */
function gainedFrame(grads: Gradients, model: Float32Array, covered: Uint8Array) {
  const { width: w, height: h } = grads.output;
  const seen = lineSurvival(grads.output, grads.input, covered);
  const gained = withoutDecor(seen, decorLines(seen.tallies, model, w, h), w, h);
  return lostFrame(gained.lost, w, h, gained.upperPoints);
}

export async function guardStructure(
  input: RawImage,
  staged: Staged,
  opts: GuardOptions = {},
): Promise<GuardResult> {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const { width: W, height: H } = input;
  const { width: sw, height: sh } = staged.image;
  const size = workSize(W, H, opts.workSize ?? DEFAULT_WORK_SIZE);
  const { width: w, height: h } = size;

  // 1. Work copies; the output is stretched to the photo's aspect first (identity = "only stretched").
  const kept = opts.inputWork?.length === w * h * 3 ? opts.inputWork : null;
  const [inRgb, outRgb] = await Promise.all([
    kept ?? downsampleRgb(input, size),
    downsampleRgb(staged.image, size),
  ]);
  const inGray = luma(inRgb);
  const outGray = luma(outRgb);

  // 2. Alignment, then everything in the photo's frame.
  const aligned = alignTo(inGray, outGray, size, sw / sh / (W / H), Math.max(W, H));
  const affine: Affine = aligned.report.after >= 0.2 ? aligned.affine : IDENTITY;
  const warped = warpRgb(outRgb, w, h, affine);
  const fit = fitColour(inRgb, warped.rgb, warped.covered);
  const lit = relight(inRgb, fit);
  const warpedGray = luma(warped.rgb);
  // Wall decor taken off or replaced (a picture, a TV) is furnishing: its outline is not structure.
  const grads = gradients(luma(lit), warpedGray, w, h);
  const seen = lineSurvival(grads.input, grads.output, warped.covered);
  const lines = withoutDecor(seen, decorLines(seen.tallies, lit, w, h), w, h);
  const surface = surfaceChange(lit, warped.rgb, warped.covered, w, h);
  const findings: Findings = {
    alignment: aligned.report,
    aspectChange: aspectChange(W, H, sw, sh),
    lines,
    surface: surface.upperShare,
    lostFrame: lostFrame(lines.lost, w, h, lines.upperPoints),
    letterbox: letterboxShare(inGray, outGray, w, h),
  };
  // Only a failing result needs every reason named, and only once: the gained lines cost a second
  // line detection, for nothing when a lost frame already named the window.
  if (!findings.lostFrame && scoreFindings(findings).score < FAIL_AT)
    findings.gainedFrame = gainedFrame(grads, warped.rgb, warped.covered);
  const { score, reasons } = scoreFindings(findings);
  const change = changeMask(lit, warped.rgb, warped.covered, w, h);
  const engineMask =
    staged.furnitureMask.length === sw * sh
      ? poolMask(staged.furnitureMask, sw, sh, size)
      : new Uint8Array(w * h);

  // 3. The plan: recomposed or the model's own image, both at the photo's exact size; drawn later, once.
  const choice = decide({
    size,
    W,
    H,
    affine,
    fit,
    lit,
    warped,
    change,
    engineMask,
    findings,
    score,
    threshold,
  });
  const passed = score >= threshold;
  // The delivery guarantees, from the plan's geometry: a warp that would break one is not drawn; the
  // model's own image, scaled to cover and centre-cropped, is (it keeps them all by construction).
  const r = choice.render;
  const a = aligned.report;
  const geometry: DeliveryProblem[] =
    r.kind === 'cover'
      ? []
      : warpProblems({
          W,
          H,
          modelWidth: sw,
          modelHeight: sh,
          affine: r.affine,
          w,
          h,
          zoom: r.kind === 'model' ? r.zoom : 1,
          squeezed: a.squeezed && r.affine !== IDENTITY,
          turnConfirmed: Math.abs(a.rotation) < 0.1 || a.turnConfirmed,
        });
  // A recomposition draws the photo's own pixels wherever the model's image does not reach.
  const delivery = r.kind === 'recompose' ? geometry.filter((x) => x !== 'uncovered') : geometry;
  if (delivery.length) {
    choice.render = { kind: 'cover' };
    choice.why = `Delivered the AI's own image scaled to cover the frame and centre-cropped, not aligned: ${delivery.map((x) => PROBLEM_TEXT[x]).join('; ')}.`;
  }
  const plan: DeliveryPlan = {
    action: passed
      ? choice.render.kind === 'recompose'
        ? 'recompose'
        : 'model'
      : opts.canRetry
        ? 'retry'
        : 'flag',
    reasons: passed ? [] : reasons,
    why: passed
      ? choice.why
      : `The structure score ${score.toFixed(2)} is under ${threshold}: ${reasons.map((x) => REASON_TEXT[x]).join(' ')}`,
    render: choice.render,
  };

  const issues = reasons.map((x) => REASON_TEXT[x]);
  const moved =
    Math.abs(a.scaleX - 1) > 0.01 ||
    Math.abs(a.scaleY - 1) > 0.01 ||
    Math.abs(a.rotation) > 0.3 ||
    Math.abs(a.dx) > 0.005 ||
    Math.abs(a.dy) > 0.005;
  if (moved)
    issues.push(
      `Aligned the AI image to the photo: zoom ${a.scaleX.toFixed(3)} x ${a.scaleY.toFixed(3)}, rotation ${a.rotation.toFixed(1)} deg, shift ${pct(a.dx)} x ${pct(a.dy)}.`,
    );
  if (findings.aspectChange > 0.03) issues.push(`The AI returned ${sw}x${sh} for a ${W}x${H} photo.`);
  if (lines.upperPoints >= 200 && lines.upper < 0.9)
    issues.push(`${pct(lines.upper)} of the walls' and ceiling's structural lines survived.`);
  if (surface.upperShare > 0.1)
    issues.push(`${pct(surface.upperShare)} of the walls and ceiling changed colour.`);
  issues.push(choice.why);
  return {
    plan,
    output: staged.image,
    structureScore: score,
    passed,
    issues,
    decision: choice.render.kind === 'recompose' ? 'recomposed' : 'model',
    reasons,
    alignment: a,
    delivery,
    metrics: {
      linesUpper: lines.upper,
      linesLower: lines.lower,
      surface: surface.upperShare,
      changedShare: change.changedShare,
      highShare: change.highShare,
      seam: choice.seam,
    },
    debug: { changed: change.changed, width: w, height: h },
  };
}
