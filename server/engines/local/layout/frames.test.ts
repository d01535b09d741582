import { describe, expect, it } from 'vitest';
import { project } from '../geometry/camera.ts';
import { closeFrames } from './frames.ts';
import { cam } from '#tests/helpers/level-camera.ts';

/** A frame edge standing on the floor at (x, z), `height` metres tall, as uprights() reports it. */
const edge = (x: number, z: number, height: number) => {
  const [u, foot] = project(cam, [x, 0, z]);
  return { u, foot, height };
};
/** Agreed floor that (wrongly) runs up to row 700 (17 m away) across the frame: a reflection, glass, a doorway. */
const deep = () => new Float32Array(cam.width).fill(700);

describe('closeFrames', () => {
  it('ends the floor at the line joining the feet of two frame edges a panel apart', () => {
    // A mirrored wardrobe door 1 m wide whose base stands 5 m away.
    const left = edge(-0.5, 5, 2.1);
    const right = edge(0.5, 5, 2.1);
    const rows = closeFrames(deep(), [right, left], cam);
    const mid = Math.round((left.u + right.u) / 2);
    expect(rows[mid]).toBeCloseTo(left.foot, 3);
    // Outside the frame the floor is left as it was.
    expect(rows[Math.floor(left.u) - 5]).toBe(700);
    expect(rows[Math.ceil(right.u) + 5]).toBe(700);
  });
  it('leaves the floor alone for edges too far apart, too low, or standing behind the floor edge', () => {
    // Two room corners 4 m apart: their join would cut open floor.
    expect(closeFrames(deep(), [edge(-2, 5, 2.5), edge(2, 5, 2.5)], cam)).toEqual(deep());
    // A unit's side (0.9 m) is no frame.
    expect(closeFrames(deep(), [edge(-0.5, 5, 0.9), edge(0.5, 5, 0.9)], cam)).toEqual(deep());
    // Window mullions whose (assumed) feet lie above the floor's edge change nothing.
    expect(closeFrames(deep(), [edge(-0.5, 30, 2.1), edge(0.5, 30, 2.1)], cam)).toEqual(deep());
  });
  it('does not change the rows it was given', () => {
    const rows = deep();
    closeFrames(rows, [edge(-0.5, 5, 2.1), edge(0.5, 5, 2.1)], cam);
    expect(rows).toEqual(deep());
  });
});
