// The painted-area check (decision 0181) on synthetic rooms: the sofa, table and plant of
// guard-scenes, staged over a photo with different sensor noise (what a re-render does to every pixel).
import { describe, expect, it } from 'vitest';
import type { RoomImage, StageRequest, Staged, StagingEngine } from '#server/engines/types.ts';
import { drawRoom } from '#tests/helpers/guard-scenes.ts';
import { REVIEW_REASON_LABELS } from '#shared/constants/review.ts';
import { changeOutsideArea, OUTSIDE_AREA_TOLERATED } from './furnish-area.ts';
import { runWithGuard } from './run-with-guard.ts';

const W = 320;
const H = 180;
const input: RoomImage = { ...drawRoom(W, H, { noiseSeed: 1 }), format: 'png', bytes: new Uint8Array() };
const staged = drawRoom(W, H, { furniture: true, noiseSeed: 7 });

const rect = (u0: number, v0: number, u1: number, v1: number): [number, number][] => [
  [u0, v0],
  [u1, v0],
  [u1, v1],
  [u0, v1],
];
/** Everything the scene furnishes: sofa, coffee table, plant. */
const WHOLE_FLOOR = [rect(0.25, 0.55, 0.95, 1)];
/** Sofa and table only: the plant on the right stands outside. */
const SOFA_ONLY = [rect(0.28, 0.56, 0.64, 0.95)];

const engineOf = (): StagingEngine => ({
  id: 'fake',
  identify: () => Promise.reject(new Error('not used')),
  stage: (): Promise<Staged> =>
    Promise.resolve({
      image: staged,
      furnitureMask: new Uint8Array(W * H),
      engineConfidence: 0.5,
      notes: [],
    }),
});
const req = (furnishArea?: [number, number][][]): StageRequest => ({
  style: 'modern',
  roomType: 'living-room',
  variant: 0,
  signal: new AbortController().signal,
  ...(furnishArea ? { furnishArea } : {}),
});

describe('furniture outside the painted area', () => {
  it('passes a staging whose changes all lie inside the area (noise everywhere is not change)', async () => {
    const r = await runWithGuard(engineOf(), input, req(WHOLE_FLOOR));
    expect(r.flagged).toBe(false);
    expect(r.reasons).not.toContain('outside-furnish-area');
    const { changed, width, height } = r.debug;
    expect(changeOutsideArea(changed, width, height, WHOLE_FLOOR).share).toBe(0);
  });

  it('flags a piece painted outside it, with its own reason and words for the agent', async () => {
    const r = await runWithGuard(engineOf(), input, req(SOFA_ONLY));
    const { changed, width, height } = r.debug;
    const outside = changeOutsideArea(changed, width, height, SOFA_ONLY);
    // The plant: about 0.7 % of the frame.
    expect(outside.share).toBeGreaterThan(OUTSIDE_AREA_TOLERATED);
    expect(outside.share).toBeLessThan(0.02);
    expect(r.flagged).toBe(true);
    expect(r.plan.action).toBe('flag');
    expect(r.reasons).toEqual(['outside-furnish-area']);
    expect(r.issues.at(-1)).toMatch(/changed outside the painted furniture area/);
    expect(REVIEW_REASON_LABELS['outside-furnish-area']).toMatch(/outside the area you painted/);
  });

  it('flags the sofa outside an area painted elsewhere, and leaves a run without an area alone', async () => {
    const elsewhere = [rect(0.7, 0.6, 0.98, 0.98)];
    expect((await runWithGuard(engineOf(), input, req(elsewhere))).reasons).toContain('outside-furnish-area');
    const plain = await runWithGuard(engineOf(), input, req());
    expect([plain.flagged, plain.reasons]).toEqual([false, []]);
  });
});
