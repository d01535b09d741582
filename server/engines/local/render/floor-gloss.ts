// How glossy the floor is, read off the photo by the optics of a glossy floor (issue 30). A polished
// or semi-gloss floor mirrors the wall standing on it: the wall's vertical edges (door frames, corners,
// the ends of baseboards and radiators) continue below its base line, blurred by the floor's roughness,
// darker, with the same sign; and each window repeats upside down below it. A matt floor (carpet,
// rough tile, raw concrete) shows neither: its texture below the wall line owes nothing to the wall.
// Precision first: without clear evidence the floor is matt (a reflection on carpet is worse than none).
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { schlick, viewCosine } from './reflection-optics.ts';
import { fit, windowMirror } from './window-mirror.ts';

export interface FloorGloss {
  /** 0 (matt, no reflection) .. 1 (polished: reflections as strong as Fresnel allows). */
  strength: number;
  /** 0 (mirror-sharp) .. 1 (satin): how fast the reflection blurs away from the contact line. */
  roughness: number;
  /** The finish's reflectance relative to Schlick's dielectric (about 1 for a varnished floor). */
  coat: number;
  /** The floor's colour relative to its luminance (mean 1): the reflection takes it on. */
  tint: [number, number, number];
  /** Mean colours (0..255) of the floor and the wall just either side of the wall's base. */
  floorColour: [number, number, number];
  wallColour: [number, number, number];
  /** The two cues, for the decision record and tests: mirrored wall edges, mirrored windows. */
  edges: number;
  windows: number;
}

export const MATT: FloorGloss = {
  strength: 0,
  roughness: 1,
  coat: 0,
  tint: [1, 1, 1],
  floorColour: [128, 128, 128],
  wallColour: [128, 128, 128],
  edges: 0,
  windows: 0,
};

/** Blur radii tried (grid pixels) for the reflected edge profile. */
const RADII = [0, 1, 2, 3, 5, 8];

export function measureFloorGloss(
  img: RawImage,
  a: RenderRoom,
  floorRowAt: (x: number) => number,
): FloorGloss {
  // A grid of at most 480 columns: the cues live at the scale of door frames, not of pixels, and
  // sampling (not averaging) the photo keeps a 20 MP photo as cheap as a small one.
  const s = Math.max(1, img.width / 480);
  const W = Math.floor(img.width / s);
  const H = Math.floor(img.height / s);
  const px = (x: number, y: number) =>
    (Math.min(img.height - 1, Math.floor(y * s)) * img.width + Math.min(img.width - 1, Math.floor(x * s))) *
    3;
  const lum = (x: number, y: number) => {
    const p = px(x, y);
    return 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!;
  };
  const gap = Math.max(1, Math.round(0.012 * H));
  const band = Math.max(3, Math.round(0.05 * H));
  const openings = a.openings;
  const base = (x: number) => floorRowAt((x + 0.5) * s) / s;
  const half = Math.max(2, band >> 1);
  const mean = (x: number, y0: number, n: number) => {
    let acc = 0;
    for (let k = 0; k < n; k++) acc += lum(x, y0 + k);
    return acc / n;
  };
  const wall: number[] = [];
  const floor: number[] = [];
  const tint = [0, 0, 0];
  const wallSum = [0, 0, 0];
  let tintN = 0;
  let baseCos = 0;
  for (let x = 1; x < W - 1; x++) {
    const u = (x + 0.5) * s;
    const b = base(x);
    // Only where the floor line is a wall's base: little floor below it (a floor line near the frame's
    // foot is often a window sill or a cut-off wall) or no wall above it, an opening (a
    // door shows the next room's floor, edges and all; a window's frame may run below a floor line
    // drawn across it), a line that jumps (it steps round something on the floor) or one with the
    // same surface on both sides (it is drawn across the floor itself) say nothing.
    if (b < 0.1 * H || b > 0.75 * H || b - gap - band < 1) continue;
    if (openings.some((o) => u >= o.x0 && u < o.x1)) continue;
    if (Math.abs(base(Math.max(0, x - 4)) - b) > half || Math.abs(base(Math.min(W - 1, x + 4)) - b) > half)
      continue;
    if (Math.abs(mean(x, Math.round(b - gap - half), half) - mean(x, Math.round(b + gap), half)) < 6)
      continue;
    let w = 0;
    let f = 0;
    for (let k = 0; k < band; k++) {
      const yw = Math.round(b - gap - 1 - k);
      const yf = Math.round(b + gap + 1 + k);
      w += lum(x + 1, yw) - lum(x - 1, yw);
      f += lum(x + 1, yf) - lum(x - 1, yf);
      const p = px(x, yf);
      tint[0]! += img.data[p]!;
      tint[1]! += img.data[p + 1]!;
      tint[2]! += img.data[p + 2]!;
      const pw = px(x, yw);
      wallSum[0]! += img.data[pw]!;
      wallSum[1]! += img.data[pw + 1]!;
      wallSum[2]! += img.data[pw + 2]!;
      tintN++;
    }
    baseCos += viewCosine(a.camera, u, (b + gap + band / 2) * s);
    wall.push(w / band);
    floor.push(f / band);
  }
  const grey = (tint[0]! + tint[1]! + tint[2]!) / 3 || 1;
  const floorTint: [number, number, number] = tintN
    ? [tint[0]! / grey, tint[1]! / grey, tint[2]! / grey]
    : [1, 1, 1];
  const n = Math.max(1, tintN);
  const colours = {
    floorColour: tint.map((v) => v / n) as [number, number, number],
    wallColour: wallSum.map((v) => v / n) as [number, number, number],
  };
  const edge = mirroredEdges(wall, floor);
  baseCos /= Math.max(1, wall.length);
  const windows = windowMirror(img, a, floorRowAt);
  // Either cue alone is evidence; the windows' mirror (a polished floor) is also the sharper one.
  const strength = Math.max(edge.evidence, windows);
  if (strength < 0.15) return { ...MATT, ...colours, tint: floorTint, edges: edge.evidence, windows };
  const fromEdges = edge.evidence >= windows;
  const roughness = fromEdges ? Math.min(1, edge.radius / band) : 0.15;
  // The mirrored edges' contrast ratio is the floor's reflectance at the wall's base: divided by
  // Fresnel there it gives the finish's own factor, which then scales Fresnel everywhere. A floor that
  // mirrors its windows is taken as fully polished (factor 1.5, as bright as the old fixed blend).
  const coat = fromEdges ? clampTo(edge.ratio / schlick(baseCos), 0.5, 2) : 1.5;
  return { strength, roughness, coat, tint: floorTint, ...colours, edges: edge.evidence, windows };
}

/**
 * Evidence (0..1) that the floor profile `floor` is the wall profile `wall` mirrored, blurred and
 * dimmed, the blur radius that fits best and the contrast ratio of the copy (its reflectance there). Both are horizontal gradients averaged over a band
 * just above and just below the floor line, column by column.
 */
export function mirroredEdges(
  wall: number[],
  floor: number[],
): { evidence: number; radius: number; ratio: number } {
  const none = { evidence: 0, radius: 0, ratio: 0 };
  const n = wall.length;
  if (n < 40) return none;
  // A plain wall has nothing to mirror: no evidence either way.
  const rms = Math.sqrt(wall.reduce((p, q) => p + q * q, 0) / n);
  if (rms < 3.5) return none;
  let best = { ncc: -1, slope: 0, radius: 0 };
  for (const r of RADII) {
    const w = blur1d(wall, r);
    const { ncc, slope } = fit(w, floor);
    if (ncc > best.ncc) best = { ncc, slope, radius: r };
  }
  // A reflection is dimmer than what it mirrors (Fresnel); a profile that continues at full strength
  // is the wall itself below a floor line drawn too high, or the same carpet on both sides of it.
  // Near the wall's base the view is grazing, yet even there a polished floor's reflection keeps well
  // under two thirds of the contrast (measured: 0.15-0.4 on the glossy photos, 0.6+ where the line
  // was drawn across carpet).
  const dim = clamp01((0.6 - best.slope) / 0.15) * clamp01(best.slope / 0.04);
  return { evidence: clamp01((best.ncc - 0.4) / 0.3) * dim, radius: best.radius, ratio: best.slope };
}

function blur1d(v: number[], r: number): number[] {
  if (r === 0) return v;
  return v.map((_, i) => {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += v[Math.min(v.length - 1, Math.max(0, i + k))]!;
    return acc / (2 * r + 1);
  });
}

const clampTo = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
