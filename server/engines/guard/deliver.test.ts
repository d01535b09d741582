// The check every delivered JPEG passes before it is stored: a drawing that leaves part of the frame
// uncovered is replaced by the cover drawing; a good one is delivered byte for byte as drawn.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawRoom } from '#tests/helpers/guard-scenes.ts';
import { encodeCheckedDelivery } from './deliver.ts';
import { uncoveredBorders } from './border-scan.ts';
import { drawnFrom } from './drawn-from.ts';
import type { DeliveryPlan } from './plan.ts';
import { encodeDelivery } from './render.ts';

const W = 800;
const H = 450;
const photo = drawRoom(W, H, { noiseSeed: 2 });
const model = drawRoom(W, H, { noiseSeed: 5, furniture: true });
const work = { width: 512, height: 288 };
const r = (2.6 * Math.PI) / 180;
const plan = (render: DeliveryPlan['render']): DeliveryPlan => ({
  action: 'model',
  reasons: [],
  why: '',
  render,
});

describe('encodeCheckedDelivery', () => {
  it('delivers a good drawing as drawn', async () => {
    const p = plan({
      kind: 'model',
      affine: { a00: 1, a01: 0, a10: 0, a11: 1, tx: 0, ty: 0 },
      zoom: 1,
      work,
    });
    const got = await encodeCheckedDelivery(photo, model, p, { mark: true });
    expect(got).toMatchObject({ fellBack: false, borders: [], wrongSize: false, note: null });
    expect(
      Buffer.from(got.image).equals(
        Buffer.from(await encodeDelivery(photo, model, p.render, { mark: true })),
      ),
    ).toBe(true);
  });

  it('replaces a turned drawing with no cover zoom (a black wedge) by the cover drawing, and says so', async () => {
    const turned = { a00: Math.cos(r), a01: -Math.sin(r), a10: Math.sin(r), a11: Math.cos(r), tx: 0, ty: 0 };
    const p = plan({ kind: 'model', affine: turned, zoom: 1, work });
    const bad = await encodeDelivery(photo, model, p.render, { mark: false });
    const decode = async (b: Uint8Array) => {
      const { data, info } = await sharp(b).raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: new Uint8Array(data) };
    };
    // The wedge is where the plan's map leaves the model's image: found through JPEG whatever its colour.
    expect(
      uncoveredBorders(await decode(bad), photo, drawnFrom(p.render, model, W, H)).length,
    ).toBeGreaterThan(0);
    const got = await encodeCheckedDelivery(photo, model, p, { mark: false });
    expect(got.fellBack).toBe(true);
    expect(got.borders.length).toBeGreaterThan(0);
    expect(got.note).toMatch(/scaled to cover the frame and centre-cropped/);
    const delivered = await decode(got.image);
    expect([delivered.width, delivered.height]).toEqual([W, H]);
    expect(uncoveredBorders(delivered, photo)).toEqual([]);
  });
});

describe('the cover drawing of a model image that painted its own letterbox rows', () => {
  it('cuts the band off (a few rows of the model image), so the delivered image has no border', async () => {
    const letterboxed = { ...model, data: model.data.slice() };
    for (let y = H - 10; y < H; y++)
      for (let x = 0; x < W; x++) letterboxed.data.set([30, 30, 30], (y * W + x) * 3);
    const got = await encodeCheckedDelivery(photo, letterboxed, plan({ kind: 'cover' }), { mark: false });
    expect(got.borders.map((b) => b.side)).toEqual(['bottom']);
    expect(got.note).toMatch(/flat band/);
    const { data, info } = await sharp(got.image).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([W, H]);
    expect(uncoveredBorders({ width: W, height: H, data: new Uint8Array(data) }, photo)).toEqual([]);
    // A band too deep to be a letterbox is the model's picture: delivered as it is, and said.
    const deep = { ...model, data: model.data.slice() };
    for (let y = H - 60; y < H; y++) for (let x = 0; x < W; x++) deep.data.set([28, 27, 30], (y * W + x) * 3);
    const kept = await encodeCheckedDelivery(photo, deep, plan({ kind: 'cover' }), { mark: false });
    expect(kept.note).toMatch(/delivered as it is/);
  });
});
