import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { cameraFromHorizon } from '../geometry/camera.ts';
import { applyOcclusion } from './ambient-occlusion.ts';
import { matchSoftness, photoBlurSigma } from './photo-match.ts';
import type { Layers } from './shading.ts';

/** Vertical stripes 40 px wide (dark 60 / light 200), blurred horizontally by a Gaussian. */
function stripes(sigma: number): RawImage {
  const W = 640;
  const H = 480;
  const row = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    let acc = 0;
    let ws = 0;
    for (let k = -12; k <= 12; k++) {
      const w = sigma > 0 ? Math.exp(-(k * k) / (2 * sigma * sigma)) : k === 0 ? 1 : 0;
      const xx = Math.min(W - 1, Math.max(0, x + k));
      acc += w * (Math.floor(xx / 40) % 2 ? 200 : 60);
      ws += w;
    }
    row[x] = acc / ws;
  }
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data.fill(Math.round(row[x]!), (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { width: W, height: H, channels: 3, data };
}

describe('photoBlurSigma', () => {
  it('measures how soft the photo’s edges are', () => {
    const sharp = photoBlurSigma(stripes(0.6));
    const soft = photoBlurSigma(stripes(1.6));
    expect(soft).toBeGreaterThan(1.3);
    expect(soft).toBeLessThan(1.9);
    expect(sharp).toBeGreaterThan(0.3);
    expect(sharp).toBeLessThan(0.8);
  });
});

function layer(w: number, h: number): Layers {
  const furniture = new Float32Array(w * h * 4);
  for (let i = 0; i < w * h; i++) furniture.set([200, 200, 200, 1], i * 4);
  return {
    width: w,
    height: h,
    furniture,
    covering: new Float32Array(w * h * 4),
    depth: new Float32Array(w * h),
  };
}

describe('matchSoftness', () => {
  it('adds no blur when the upsampled render is already as soft as the photo', () => {
    expect(matchSoftness(layer(8, 8), 0.6, 0.5)).toBe(0);
  });
  it('blurs a full-size render to the photo’s softness, keeping coverage', () => {
    const l = layer(16, 16);
    l.furniture.fill(0, 0, 8 * 16 * 4);
    expect(matchSoftness(l, 1.5, 1)).toBeGreaterThan(1);
    // The edge between empty and covered rows is now a ramp.
    const a = l.furniture[(7 * 16 + 8) * 4 + 3]!;
    expect(a).toBeGreaterThan(0.05);
    expect(a).toBeLessThan(0.95);
  });
});

describe('applyOcclusion', () => {
  const cam = cameraFromHorizon(64, 64, 32, 64);
  it('leaves a plain surface facing the camera alone and darkens an inside corner', () => {
    const flat = layer(64, 64);
    flat.depth.fill(3);
    applyOcclusion(flat, cam, 1);
    expect(flat.furniture[(32 * 64 + 32) * 4]).toBeCloseTo(200, 0);
    // A crease: depth grows away from the centre column on both sides (a V seen from inside).
    const corner = layer(64, 64);
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 64; x++) corner.depth[y * 64 + x] = 3 - Math.abs(x - 32) * 0.03;
    applyOcclusion(corner, cam, 1);
    expect(corner.furniture[(32 * 64 + 32) * 4]).toBeLessThan(196);
  });
});
