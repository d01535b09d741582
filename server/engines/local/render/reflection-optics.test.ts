import { describe, expect, it } from 'vitest';
import type { Camera } from '../geometry/camera.ts';
import {
  blurAt,
  F0,
  heightFade,
  OVER,
  overColour,
  reflectionAlpha,
  schlick,
  viewCosine,
} from './reflection-optics.ts';

const cam: Camera = { width: 1000, height: 750, f: 800, cx: 500, cy: 375, pitch: 0, eye: 1.5, yaw: 0 };

describe('schlick', () => {
  it('is F0 head-on, 1 at grazing, and rises monotonically in between', () => {
    expect(schlick(1)).toBeCloseTo(F0, 6);
    expect(schlick(0)).toBeCloseTo(1, 6);
    let last = 0;
    for (let c = 1; c >= 0; c -= 0.1) {
      expect(schlick(c)).toBeGreaterThanOrEqual(last);
      last = schlick(c);
    }
  });
});

describe('viewCosine', () => {
  it('matches the eye height over the distance to the floor point', () => {
    // Row cy + f * 1.5 / 3 is the floor 3 m ahead on the axis: cos = 1.5 / hypot(1.5, 3).
    expect(viewCosine(cam, 500, 375 + 400)).toBeCloseTo(1.5 / Math.hypot(1.5, 3), 5);
  });
  it('falls towards the horizon, so the far floor reflects more', () => {
    const near = viewCosine(cam, 500, 740);
    const far = viewCosine(cam, 500, 420);
    expect(far).toBeLessThan(near);
    expect(schlick(far)).toBeGreaterThan(schlick(near));
    expect(viewCosine(cam, 500, 300)).toBe(0);
  });
});

describe('falloff', () => {
  it('fades with height, faster on a rough floor', () => {
    expect(heightFade(0, 0.5)).toBe(1);
    expect(heightFade(0.8, 0.2)).toBeLessThan(heightFade(0.2, 0.2));
    expect(heightFade(0.5, 1)).toBeLessThan(heightFade(0.5, 0));
  });
  it('blurs with the distance from the contact line, more on a rough floor', () => {
    expect(blurAt(0, 1)).toBe(0);
    expect(blurAt(40, 0.5)).toBeGreaterThan(blurAt(10, 0.5));
    expect(blurAt(40, 1)).toBeGreaterThan(blurAt(40, 0.1));
  });
  it('keeps a matt floor clean and caps the reflection', () => {
    expect(reflectionAlpha(0, 1, 0)).toBe(0);
    expect(reflectionAlpha(1, 2, 0)).toBeLessThanOrEqual(0.45);
    expect(reflectionAlpha(1, 1, 0.2)).toBeGreaterThan(reflectionAlpha(1, 1, 0.6));
    expect(reflectionAlpha(1, 1, 0.5)).toBeCloseTo(schlick(0.5), 6);
  });
});

describe('overColour', () => {
  it('blended at OVER x R, leaves photo + R x (piece - wall) on the floor', () => {
    const [photo, wall, piece, R] = [110, 200, 60, 0.1];
    const out = photo * (1 - OVER * R) + OVER * R * overColour(piece, photo, wall);
    expect(out).toBeCloseTo(photo + R * (piece - wall), 6);
  });
  it('never asks for a negative colour', () => {
    expect(overColour(0, 20, 250)).toBe(0);
  });
});
