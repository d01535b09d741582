import { describe, expect, it } from 'vitest';
import type { AnalysisImage } from '../analysis/pyramid.ts';
import { INPUT_H, INPUT_W, inputTensorData, placement, toPhoto } from './input.ts';

/** A uniform analysis copy of one colour. */
function flat(width: number, height: number, rgb: [number, number, number]): AnalysisImage {
  const plane = (v: number) => ({ width, height, data: new Float32Array(width * height).fill(v) });
  return { scale: 1, r: plane(rgb[0]), g: plane(rgb[1]), b: plane(rgb[2]), lum: plane(rgb[1]) };
}

describe('placement', () => {
  it('fills the landscape frame with landscape and square photos', () => {
    expect(placement(320, 213)).toEqual({ x0: 0, y0: 0, w: INPUT_W, h: INPUT_H });
    expect(placement(300, 300)).toEqual({ x0: 0, y0: 0, w: INPUT_W, h: INPUT_H });
  });
  it('letterboxes a portrait photo: full height, its own proportions, centred', () => {
    const p = placement(240, 320);
    expect(p.h).toBe(INPUT_H);
    expect(p.w).toBe(168);
    expect(p.x0).toBe(60);
    expect(p.x0 * 2 + p.w).toBe(INPUT_W);
  });
});

describe('toPhoto', () => {
  it('maps boxes of the input back to the photo, undoing the letterbox', () => {
    const p = placement(240, 320);
    const box = toPhoto([(60 + 42) / INPUT_W, 0.25, (60 + 126) / INPUT_W, 1], p);
    [0.25, 0.25, 0.75, 1].forEach((v, i) => expect(box[i]).toBeCloseTo(v, 6));
    // A box inside a bar collapses to nothing.
    const bar = toPhoto([0, 0.2, 50 / INPUT_W, 0.6], p);
    expect(bar[2] - bar[0]).toBe(0);
  });
  it('leaves boxes of a photo that fills the frame unchanged', () => {
    const box = toPhoto([0.1, 0.2, 0.3, 0.4], placement(320, 240));
    [0.1, 0.2, 0.3, 0.4].forEach((v, i) => expect(box[i]).toBeCloseTo(v, 9));
  });
});

describe('inputTensorData', () => {
  it('writes the photo normalised (BGR, channels last) and leaves the bars at the mean colour', () => {
    const p = placement(240, 320);
    const data = inputTensorData(flat(240, 320, [200, 120, 40]), p);
    expect(data).toHaveLength(3 * INPUT_W * INPUT_H);
    const at = (c: number, x: number, y: number) => data[(y * INPUT_W + x) * 3 + c]!;
    const mid = INPUT_W / 2;
    expect(at(0, mid, 100)).toBeCloseTo((40 - 103.53) / 57.375, 4); // blue first
    expect(at(2, mid, 100)).toBeCloseTo((200 - 123.675) / 58.395, 4);
    expect(at(1, 5, 100)).toBe(0);
    expect(at(1, INPUT_W - 5, 100)).toBe(0);
  });
});
