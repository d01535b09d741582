// Procedural test rooms for the guard tests: a one-point-perspective room (back wall, side walls,
// ceiling, wooden floor) with a framed window, and the "model outputs" the tests feed the guard.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

type Rgb = readonly [number, number, number];
export interface Box {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

export const WINDOW: Box = { u0: 0.29, v0: 0.27, u1: 0.44, v1: 0.5 };
export const MOVED_WINDOW: Box = { u0: 0.56, v0: 0.27, u1: 0.71, v1: 0.5 };
export const SOFA: Box = { u0: 0.32, v0: 0.6, u1: 0.6, v1: 0.78 };

const BACK: Box = { u0: 0.25, v0: 0.2, u1: 0.75, v1: 0.65 };

function surface(u: number, v: number): Rgb {
  if (u >= BACK.u0 && u <= BACK.u1 && v >= BACK.v0 && v <= BACK.v1) return [205, 198, 185];
  const dx = (u - 0.5) / 0.25;
  const dy = (v - 0.425) / 0.225;
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? [182, 176, 164] : [192, 186, 173];
  return dy < 0 ? [236, 235, 231] : [150, 114, 84];
}

/** Deterministic noise, so unchanged pixels of two "renders" differ a little, as a model's do. */
const noise = (seed: number) => {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 7) - 3;
  };
};

export interface SceneOptions {
  window?: Box | null;
  furniture?: boolean;
  /** 0 = no noise; otherwise the seed of a +-3 grey-level noise. */
  noiseSeed?: number;
  gain?: number;
}

export function drawRoom(width: number, height: number, opts: SceneOptions = {}): RawImage {
  const data = new Uint8Array(width * height * 3);
  const win = opts.window === undefined ? WINDOW : opts.window;
  const rand = opts.noiseSeed ? noise(opts.noiseSeed) : () => 0;
  const gain = opts.gain ?? 1;
  const frame = 0.008;
  const inBox = (b: Box, u: number, v: number, pad = 0) =>
    u >= b.u0 - pad && u <= b.u1 + pad && v >= b.v0 - pad && v <= b.v1 + pad;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      const v = (y + 0.5) / height;
      let c: Rgb = surface(u, v);
      if (win && inBox(win, u, v)) {
        const mullion = Math.abs(u - (win.u0 + win.u1) / 2) < frame / 2;
        c = inBox(win, u, v, -frame) && !mullion ? [172, 204, 236] : [245, 245, 245];
      }
      if (opts.furniture) {
        if (inBox(SOFA, u, v)) c = v < SOFA.v0 + 0.05 ? [96, 100, 118] : [78, 82, 98];
        if (inBox({ u0: 0.38, v0: 0.83, u1: 0.52, v1: 0.9 }, u, v)) c = [62, 46, 34];
        if ((u - 0.82) ** 2 * 3.2 + (v - 0.74) ** 2 < 0.004) c = [52, 110, 58];
      }
      const i = (y * width + x) * 3;
      const n = rand();
      for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, Math.round(c[k]! * gain + n)));
    }
  return { width, height, channels: 3, data };
}

/** A zoom about the centre, as a model that re-crops the camera produces. */
export async function zoom(img: RawImage, factor: number): Promise<RawImage> {
  const cw = Math.round(img.width / factor);
  const ch = Math.round(img.height / factor);
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({
      left: Math.round((img.width - cw) / 2),
      top: Math.round((img.height - ch) / 2),
      width: cw,
      height: ch,
    })
    .resize(img.width, img.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width: img.width, height: img.height, channels: 3, data: new Uint8Array(data) };
}

export async function stretch(img: RawImage, width: number, height: number): Promise<RawImage> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, channels: 3, data: new Uint8Array(data) };
}
