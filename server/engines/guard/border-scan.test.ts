// The delivered pixels' half of the delivery check: uncovered borders and wedges, on procedural rooms,
// through JPEG as the worker checks them, with and without the map the plan drew with.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { drawRoom } from '#tests/helpers/guard-scenes.ts';
import { uncoveredBorders } from './border-scan.ts';
import { coverZoom } from './decide.ts';
import { drawnFrom } from './drawn-from.ts';
import { renderDelivery } from './render.ts';

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

describe('uncoveredBorders, judged against where the plan drew each pixel from', () => {
  const [W, H] = [640, 360];
  const photo = drawRoom(W, H, { noiseSeed: 4 });
  const identity = { a00: 1, a01: 0, a10: 0, a11: 1, tx: 0, ty: 0 };
  const plain = { kind: 'model' as const, affine: identity, zoom: 1, work: { width: 320, height: 180 } };
  /** The model's image: the room with a flat, JPEG-like patch of one colour in its top-right corner. */
  const model = { ...photo, data: photo.data.slice() };
  for (let y = 0; y < 8; y++)
    for (let x = W - 40; x < W; x++) model.data.set([214, 210, 204], (y * W + x) * 3);

  it('leaves alone a flat corner the model painted itself (a smooth ceiling), found without the map', async () => {
    const delivered = rgb(await jpegRoundTrip(model));
    expect(uncoveredBorders(delivered, rgb(photo)).length).toBeGreaterThan(0);
    expect(uncoveredBorders(delivered, rgb(photo), drawnFrom(plain, model, W, H))).toEqual([]);
  });

  it('finds a black wedge the drawing left where its map says the model has ceiling (a drawing off its map)', async () => {
    // What a turned drawing placed a few pixels off its map leaves: a wedge, 12 px deep at the corner.
    const off = { ...model, data: model.data.slice() };
    for (let x = 0; x < 240; x++)
      for (let y = 0; y < 12 - x / 20; y++) off.data.set([0, 0, 0], (y * W + x) * 3);
    const found = uncoveredBorders(rgb(await jpegRoundTrip(off)), rgb(photo), drawnFrom(plain, model, W, H));
    expect(found.map((f) => f.side)).toContain('top');
    expect(Math.max(...found.map((f) => f.depth))).toBeGreaterThanOrEqual(11);
  });

  it('finds a letterbox along a whole side even where the model painted it', async () => {
    const boxed = { ...model, data: model.data.slice() };
    for (let y = H - 8; y < H; y++) for (let x = 0; x < W; x++) boxed.data.set([20, 20, 20], (y * W + x) * 3);
    const found = uncoveredBorders(
      rgb(await jpegRoundTrip(boxed)),
      rgb(photo),
      drawnFrom(plain, boxed, W, H),
    );
    expect(found.map((f) => f.side)).toEqual(['bottom']);
    expect(found[0]!.share).toBeGreaterThan(0.99);
  });

  it('finds the wedge where a turn drawn without its cover zoom leaves the model image, through JPEG', async () => {
    const r = (1.5 * Math.PI) / 180;
    const turned = { a00: Math.cos(r), a01: -Math.sin(r), a10: Math.sin(r), a11: Math.cos(r), tx: 0, ty: 0 };
    const render = { ...plain, affine: turned };
    const drawn = await jpegRoundTrip((await renderDelivery(photo, model, render)).image);
    const found = uncoveredBorders(rgb(drawn), rgb(photo), drawnFrom(render, model, W, H));
    // The corners the turn swings in: 320 px * sin(1.5 deg) = 8 px deep at the frame's corners.
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((f) => f.depth))).toBeGreaterThanOrEqual(7);
    // With its cover zoom the same turn leaves nothing.
    const zoomed = { ...render, zoom: coverZoom(turned, 320, 180) * (1 + 3 / H) };
    const full = await jpegRoundTrip((await renderDelivery(photo, model, zoomed)).image);
    expect(uncoveredBorders(rgb(full), rgb(photo), drawnFrom(zoomed, model, W, H))).toEqual([]);
  });
});
