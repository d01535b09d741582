import { describe, expect, it } from 'vitest';
import { findOpenings, openingsToFull } from './openings.ts';
import type { Plane } from './pyramid.ts';

// The analysis copy of a 5824 x 3264 photo at 800 px, as analyze() makes it.
const FULL_W = 5824;
const FULL_H = 3264;
const SCALE = 800 / FULL_W;
const W = 800;
const H = Math.round(FULL_H * SCALE);

/** A mid-grey wall with one bright window touching the right edge of the frame. */
function wallWithEdgeWindow(): Plane {
  const data = new Float32Array(W * H).fill(120);
  for (let y = 60; y < 250; y++) for (let x = 740; x < W; x++) data[y * W + x] = 250;
  return { width: W, height: H, data };
}

describe('openings in full-resolution pixels', () => {
  const floor = new Float32Array(W).fill(H * 0.7);
  const { openings } = findOpenings(wallWithEdgeWindow(), floor);

  it('finds the window with its right and bottom edges exclusive in analysis pixels', () => {
    expect(openings).toHaveLength(1);
    expect(openings[0]).toMatchObject({ kind: 'window', x0: 740, y0: 60, x1: W, y1: 250 });
  });

  it('maps the box onto the photo and never past its edges', () => {
    const [o] = openingsToFull(openings, SCALE, FULL_W, FULL_H);
    expect(o!.x0).toBeCloseTo(740 / SCALE, 6);
    expect(o!.y0).toBeCloseTo(60 / SCALE, 6);
    expect(o!.x1).toBeCloseTo(FULL_W, 6);
    expect(o!.x1).toBeLessThanOrEqual(FULL_W);
    expect(o!.y1).toBeCloseTo(250 / SCALE, 6);
    // A box on the analysis copy's last row maps past the photo when the rows were rounded up.
    const [edge] = openingsToFull(
      [{ kind: 'door', x0: -2, y0: 300, x1: 803, y1: H, brightness: 200 }],
      SCALE,
      FULL_W,
      FULL_H,
    );
    expect(edge).toMatchObject({ x0: 0, x1: FULL_W });
    expect(edge!.y1).toBeLessThanOrEqual(FULL_H);
  });
});
