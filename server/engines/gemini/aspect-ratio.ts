// Gemini image models only emit a fixed set of aspect ratios. Asking for the one nearest to the
// photo keeps the model from re-framing the room to fit a square; the structure guard resizes the
// small remaining difference back to the input's exact size.
export const GEMINI_ASPECT_RATIOS = [
  '1:1',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '9:16',
  '16:9',
  '21:9',
] as const;
export type GeminiAspectRatio = (typeof GEMINI_ASPECT_RATIOS)[number];

const ratioValue = (r: GeminiAspectRatio): number => {
  const [w, h] = r.split(':').map(Number);
  return (w ?? 1) / (h ?? 1);
};

/** Nearest supported ratio, measured in log space so 2:1 and 1:2 are equally far from 1:1. */
export function nearestAspectRatio(width: number, height: number): GeminiAspectRatio {
  if (!(width > 0 && height > 0)) throw new RangeError('width and height must be positive');
  const target = Math.log(width / height);
  let best: GeminiAspectRatio = '1:1';
  let bestDistance = Infinity;
  for (const ratio of GEMINI_ASPECT_RATIOS) {
    const distance = Math.abs(Math.log(ratioValue(ratio)) - target);
    if (distance < bestDistance) {
      best = ratio;
      bestDistance = distance;
    }
  }
  return best;
}
