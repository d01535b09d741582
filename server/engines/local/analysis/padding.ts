// Listing sites pad photos to a fixed frame with plain bars (often carrying the agent's watermark).
// The bars are not part of the scene: they would read as flat fills, like a screenshot.
import type { AnalysisImage } from './pyramid.ts';

/** Rows or columns at the edges of one plain colour are padding: crop them off. */
export function trimPadding(img: AnalysisImage): AnalysisImage {
  const { width: w, height: h } = img.lum;
  const L = img.lum.data;
  // Padding may carry an agent's watermark, so a line counts as padding when nearly all of it has
  // the colour of its first pixel.
  const plain = (i0: number, step: number, n: number) => {
    const ref = L[i0]!;
    let off = 0;
    for (let k = 0; k < n; k++) if (Math.abs(L[i0 + k * step]! - ref) > 3) off++;
    return off <= n * 0.08;
  };
  let top = 0;
  let bottom = h;
  let left = 0;
  let right = w;
  while (top < h / 3 && plain(top * w, 1, w)) top++;
  while (bottom > (h * 2) / 3 && plain((bottom - 1) * w, 1, w)) bottom--;
  while (left < w / 3 && plain(top * w + left, w, bottom - top)) left++;
  while (right > (w * 2) / 3 && plain(top * w + right - 1, w, bottom - top)) right--;
  if (top === 0 && left === 0 && bottom === h && right === w) return img;
  // A frame that is padding nearly everywhere (a blank image) is judged as it is.
  if (bottom - top < 8 || right - left < 8) return img;
  const cw = right - left;
  const ch = bottom - top;
  const crop = (p: { data: Float32Array }) => {
    const out = new Float32Array(cw * ch);
    for (let y = 0; y < ch; y++)
      out.set(p.data.subarray((y + top) * w + left, (y + top) * w + right), y * cw);
    return { width: cw, height: ch, data: out };
  };
  return { scale: img.scale, r: crop(img.r), g: crop(img.g), b: crop(img.b), lum: crop(img.lum) };
}
