import { describe, expect, it } from 'vitest';
import type { AnalysisImage } from '../analysis/pyramid.ts';
import type { Detection } from './decode.ts';
import { floorView, fromView } from './floor-view.ts';

/** An analysis copy whose luminance is the row number, to see which rows a view holds. */
function rows(width: number, height: number): AnalysisImage {
  const plane = () => ({
    width,
    height,
    data: Float32Array.from({ length: width * height }, (_, i) => Math.floor(i / width)),
  });
  return { scale: 1, r: plane(), g: plane(), b: plane(), lum: plane() };
}

describe('floorView', () => {
  it('leaves landscape and square photos whole', () => {
    const img = rows(320, 213);
    expect(floorView(img, 0.5)).toEqual({ view: img, top: 0 });
    expect(floorView(rows(200, 200), 0.5).top).toBe(0);
  });

  it('crops a portrait photo at the horizon', () => {
    const { view, top } = floorView(rows(200, 300), 0.3);
    expect(top).toBeCloseTo(0.3, 5);
    expect(view.lum.height).toBe(210);
    expect(view.lum.data[0]).toBe(90);
    expect(view.r.data[view.r.data.length - 1]).toBe(299);
  });

  it('keeps at least a view of the input proportions when the horizon is low', () => {
    // 200 wide fills 288 x 224 at 156 rows: a horizon at 0.8 would leave only 60.
    const { view, top } = floorView(rows(200, 300), 0.8);
    expect(view.lum.height).toBe(156);
    expect(top).toBeCloseTo(144 / 300, 5);
  });

  it('keeps the whole photo when the horizon is above the frame', () => {
    const img = rows(200, 300);
    expect(floorView(img, -0.2)).toEqual({ view: img, top: 0 });
  });
});

describe('fromView', () => {
  it('maps boxes from the view back to the whole photo', () => {
    const d: Detection = { label: 'chair', score: 0.5, box: [0.1, 0.2, 0.3, 0.5] };
    const [back] = fromView([d], 0.4);
    expect(back!.box[0]).toBe(0.1);
    expect(back!.box[1]).toBeCloseTo(0.52, 6);
    expect(back!.box[2]).toBe(0.3);
    expect(back!.box[3]).toBeCloseTo(0.7, 6);
    expect(fromView([d], 0)).toEqual([d]);
  });
  it("drops a low thing's box cut by the view's top edge: it lies wholly below eye level", () => {
    const chair: Detection = { label: 'chair', score: 0.3, box: [0.5, 0.01, 1, 0.4] };
    expect(fromView([chair], 0.3)).toEqual([]);
    expect(fromView([chair], 0)).toEqual([chair]);
  });
  it('keeps a tall thing cut by the top edge when its foot shows, not one running out of the frame', () => {
    const fridge: Detection = { label: 'refrigerator', score: 0.3, box: [0.8, 0.01, 1, 0.8] };
    expect(fromView([fridge], 0.4)).toHaveLength(1);
    const wall: Detection = { label: 'refrigerator', score: 0.3, box: [0.8, 0.01, 1, 1] };
    expect(fromView([wall], 0.4)).toEqual([]);
  });
});
