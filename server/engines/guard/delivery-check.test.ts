// The delivery guarantees as pure checks: the plan's geometry (coverage, stretch, turn) and the
// delivered pixels (uncovered borders and wedges), on procedural rooms and exact warps.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { drawRoom } from '#tests/helpers/guard-scenes.ts';
import { IDENTITY } from './align.ts';
import { coverZoom } from './decide.ts';
import {
  anisotropy,
  deliveredToModel,
  uncoveredBorders,
  warpProblems,
  type WarpGeometry,
} from './delivery-check.ts';

const geometry = (over: Partial<WarpGeometry>): WarpGeometry => ({
  W: 1024,
  H: 576,
  modelWidth: 1024,
  modelHeight: 576,
  affine: IDENTITY,
  w: 512,
  h: 288,
  zoom: 1,
  squeezed: false,
  turnConfirmed: true,
  ...over,
});

const turn = (deg: number, s = 1) => {
  const r = (deg * Math.PI) / 180;
  return {
    a00: s * Math.cos(r),
    a01: -s * Math.sin(r),
    a10: s * Math.sin(r),
    a11: s * Math.cos(r),
    tx: 0,
    ty: 0,
  };
};

describe('anisotropy', () => {
  it('is 0 for a zoom and a turn, and the axis ratio minus 1 for a stretch', () => {
    expect(anisotropy([1.3, 0, 0, 1.3])).toBeCloseTo(0, 12);
    const t = turn(7, 1.1);
    expect(anisotropy([t.a00, t.a01, t.a10, t.a11])).toBeCloseTo(0, 10);
    expect(anisotropy([1.04, 0, 0, 1])).toBeCloseTo(0.04, 10);
    expect(anisotropy([1, 0, 0, 1.04])).toBeCloseTo(0.04, 10);
  });
});

describe('warpProblems', () => {
  it('passes the plain copy of a same-size, same-aspect model image', () => {
    expect(warpProblems(geometry({}))).toEqual([]);
  });

  it('finds the uncovered wedge of a turn without enough zoom, and passes it with the cover zoom', () => {
    const t = turn(2.6);
    expect(warpProblems(geometry({ affine: t }))).toContain('uncovered');
    const zoom = coverZoom(t, 512, 288) * (1 + 3 / 576);
    expect(warpProblems(geometry({ affine: t, zoom }))).toEqual([]);
  });

  it('finds the stretch of a model image of another aspect drawn with no squeeze of its own', () => {
    // 1392 x 752 for a 1024 x 576 photo: filling the frame stretches the model's pixels by 4 %.
    const g = geometry({ modelWidth: 1392, modelHeight: 752 });
    expect(anisotropy(deliveredToModel(g))).toBeCloseTo(1392 / 752 / (1024 / 576) - 1, 6);
    expect(warpProblems(g)).toContain('stretch');
    // With the square-pixel squeeze the model's pixels stay square.
    const k = 1392 / 752 / (1024 / 576);
    const square = { ...IDENTITY, a00: 1 / Math.sqrt(k), a11: Math.sqrt(k) };
    expect(
      warpProblems(geometry({ modelWidth: 1392, modelHeight: 752, affine: square, zoom: 1.05 })),
    ).toEqual([]);
  });

  it('accepts undoing a squeeze the alignment measured, not a stretch beyond it', () => {
    const g = geometry({ modelWidth: 1024, modelHeight: 640, squeezed: true });
    expect(warpProblems(g)).toEqual([]);
    const more = { ...IDENTITY, a00: 1.02, a11: 1 / 1.02 };
    expect(warpProblems({ ...g, affine: more, zoom: 1.05 })).toContain('stretch');
  });

  it('refuses a turn the edges did not confirm', () => {
    expect(warpProblems(geometry({ turnConfirmed: false }))).toEqual(['rotation']);
  });
});

const rgb = (img: RawImage) => ({ width: img.width, height: img.height, data: img.data });

/** Through the delivered JPEG, as the worker checks it. */
async function jpegRoundTrip(img: RawImage): Promise<RawImage> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
}

async function turned(img: RawImage, deg: number, background: string): Promise<RawImage> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .rotate(deg, { background })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((info.width - img.width) / 2);
  const top = Math.round((info.height - img.height) / 2) - 20;
  const cut = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left, top, width: img.width, height: img.height })
    .raw()
    .toBuffer();
  return { ...img, data: new Uint8Array(cut) };
}

describe('uncoveredBorders', () => {
  const photo = drawRoom(1024, 576, { noiseSeed: 3 });

  it('finds nothing in a photo delivered as itself or re-rendered, through JPEG', async () => {
    const model = await jpegRoundTrip(drawRoom(1024, 576, { noiseSeed: 9, furniture: true }));
    expect(uncoveredBorders(rgb(await jpegRoundTrip(photo)), rgb(photo))).toEqual([]);
    expect(uncoveredBorders(rgb(model), rgb(photo))).toEqual([]);
  });

  it('finds the black wedge of a turned image cut short at the top, through JPEG', async () => {
    const bad = await jpegRoundTrip(await turned(photo, 2.6, '#000000'));
    const found = uncoveredBorders(rgb(bad), rgb(photo));
    expect(found.map((f) => f.side)).toContain('top');
    expect(Math.max(...found.map((f) => f.depth))).toBeGreaterThanOrEqual(20);
  });

  it('finds a band of one colour along a side that the photo does not have', async () => {
    const bad = { ...photo, data: photo.data.slice() };
    for (let y = 0; y < 576; y++)
      for (let x = 1024 - 12; x < 1024; x++) bad.data.set([40, 38, 36], (y * 1024 + x) * 3);
    const found = uncoveredBorders(rgb(await jpegRoundTrip(bad)), rgb(photo));
    expect(found.map((f) => f.side)).toEqual(['right']);
    expect(found[0]!.share).toBeGreaterThan(0.9);
  });

  it('leaves alone one colour the photo has in the same place (a flat ceiling in a corner)', () => {
    const flat = drawRoom(1024, 576, { noiseSeed: 0 });
    expect(uncoveredBorders(rgb(flat), rgb(flat))).toEqual([]);
  });
});
