import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { featherMask } from './morphology.ts';
import { alphaRegion, recompose } from './recompose.ts';

/** The plain definition: bilinear alpha per full-resolution pixel, then a per-byte blend. */
function reference(input: RawImage, output: RawImage, alpha: Uint8Array, w: number, h: number) {
  const { width, height } = input;
  const mask = new Uint8Array(width * height);
  const data = input.data.slice();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
      const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
      const [x0, y0] = [Math.floor(fx), Math.floor(fy)];
      const [x1, y1] = [Math.min(w - 1, x0 + 1), Math.min(h - 1, y0 + 1)];
      const tx = Math.fround(fx - x0);
      const ty = fy - y0;
      const [a, b, c, d] = [
        alpha[y0 * w + x0]!,
        alpha[y0 * w + x1]!,
        alpha[y1 * w + x0]!,
        alpha[y1 * w + x1]!,
      ];
      const v = Math.round((a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty);
      const p = y * width + x;
      mask[p] = v;
      for (let k = p * 3; k < p * 3 + 3; k++)
        data[k] = Math.round(input.data[k]! + ((output.data[k]! - input.data[k]!) * v) / 255);
    }
  return { mask, data };
}

const image = (width: number, height: number, f: (i: number) => number): RawImage => ({
  width,
  height,
  channels: 3,
  data: Uint8Array.from({ length: width * height * 3 }, (_, i) => f(i)),
});

describe('recompose', () => {
  it('equals the per-pixel bilinear blend, with exact original bytes where the alpha is 0', () => {
    for (const [W, H, w, h] of [
      [203, 151, 40, 30],
      [64, 48, 64, 48],
      [97, 200, 13, 27],
    ] as const) {
      const input = image(W, H, (i) => (i * 7) % 251);
      const output = image(W, H, (i) => (i * 13 + 5) % 241);
      const m = new Uint8Array(w * h);
      for (let y = Math.floor(h / 3); y < h - 2; y++)
        for (let x = 2; x < Math.floor(w / 2); x++) m[y * w + x] = 1;
      if (W !== 64) m[w + w - 2] = 1;
      const alpha = featherMask(m, w, h, 1);
      const got = recompose(input, { image: output, left: 0, top: 0 }, alpha, { width: w, height: h });
      const want = reference(input, output, alpha, w, h);
      expect(Buffer.from(got.mask).equals(Buffer.from(want.mask))).toBe(true);
      expect(Buffer.from(got.image.data).equals(Buffer.from(want.data))).toBe(true);
      expect(got.mask.some((v) => v === 255) && got.mask.some((v) => v > 0 && v < 255)).toBe(true);
      expect(got.kept).toBe(want.mask.filter((v) => v === 0).length);
      // Only the region the alpha reaches is needed from the model: the same result from that patch.
      const r = alphaRegion(alpha, { width: w, height: h }, W, H)!;
      expect(r.left >= 0 && r.top >= 0 && r.left + r.width <= W && r.top + r.height <= H).toBe(true);
      const patch = new Uint8Array(r.width * r.height * 3);
      for (let y = 0; y < r.height; y++)
        patch.set(
          output.data.subarray(((r.top + y) * W + r.left) * 3, ((r.top + y) * W + r.left + r.width) * 3),
          y * r.width * 3,
        );
      const cut = recompose(
        input,
        { image: { width: r.width, height: r.height, channels: 3, data: patch }, left: r.left, top: r.top },
        alpha,
        { width: w, height: h },
      );
      expect(Buffer.from(cut.image.data).equals(Buffer.from(want.data))).toBe(true);
      // Into a reused buffer holding another picture: the same bytes there, the input untouched.
      const before = input.data.slice();
      const into = Uint8Array.from(output.data);
      const reused = recompose(
        input,
        { image: output, left: 0, top: 0 },
        alpha,
        { width: w, height: h },
        { into },
      );
      expect(reused.image.data).toBe(into);
      expect(Buffer.from(into).equals(Buffer.from(want.data))).toBe(true);
      expect(Buffer.from(input.data).equals(Buffer.from(before))).toBe(true);
    }
  });
});
