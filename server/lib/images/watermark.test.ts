import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { applyDisclosureMark, disclosureMarkBox } from './watermark.ts';

const grey = (width: number, height: number): RawImage => ({
  width,
  height,
  channels: 3,
  data: new Uint8Array(width * height * 3).fill(128),
});

function changedBounds(a: RawImage, b: RawImage) {
  let [x0, y0, x1, y1, n] = [Infinity, Infinity, -1, -1, 0];
  for (let i = 0; i < a.width * a.height; i++) {
    if (a.data[i * 3] === b.data[i * 3]) continue;
    const x = i % a.width;
    const y = Math.floor(i / a.width);
    [x0, y0, x1, y1, n] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y), n + 1];
  }
  return { x0, y0, x1, y1, n };
}

describe('applyDisclosureMark', () => {
  it('draws a small label in the bottom-right corner by default, leaving the input untouched', () => {
    const img = grey(1200, 800);
    const out = applyDisclosureMark(img);
    expect(img.data.every((v) => v === 128)).toBe(true);
    const b = changedBounds(img, out);
    expect(b.x0).toBeGreaterThan(600);
    expect(b.y0).toBeGreaterThan(650);
    expect(b.n / (1200 * 800)).toBeLessThan(0.03);
    // White text on a darkened plate.
    expect(out.data.some((v) => v >= 250)).toBe(true);
    expect(out.data.some((v) => v < 70)).toBe(true);
  });

  it('scales with the image and stays legible on small images', () => {
    const small = disclosureMarkBox(400, 300);
    const large = disclosureMarkBox(4000, 3000);
    expect(small.unit).toBeGreaterThanOrEqual(1);
    expect(large.unit).toBeGreaterThan(small.unit * 5);
    expect(large.width / 4000).toBeCloseTo(small.width / 400, 1);
  });

  it('honours corner, text and the off switch', () => {
    const img = grey(800, 600);
    const tl = changedBounds(img, applyDisclosureMark(img, { corner: 'top-left', text: 'Staged 2' }));
    expect(tl.x0).toBeLessThan(100);
    expect(tl.y1).toBeLessThan(100);
    expect(changedBounds(img, applyDisclosureMark(img, { enabled: false })).n).toBe(0);
  });

  it('keeps very long texts inside the image', () => {
    const box = disclosureMarkBox(300, 200, { text: 'Virtually staged by a very long brokerage name' });
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(300);
  });
});
