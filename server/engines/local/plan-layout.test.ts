import { describe, expect, it } from 'vitest';
import { analyze } from './analysis/analyze.ts';
import { clearOfObstacles } from './layout/occupancy.ts';
import { templateFor } from './layout/templates.ts';
import { boxFloorFurnishesMore, footprintBox, planLayout, plainWall, projectedBox } from './plan-layout.ts';
import { loadFixture } from '#tests/helpers/engine-fixtures.ts';

describe('plainWall', () => {
  // A 200 x 100 analysis copy of a 400 x 200 photo: bare wall on the left, a busy view on the right.
  const width = 200;
  const height = 100;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 100; x < width; x++) data[y * width + x] = (x + y) % 3 ? 2 : 20;
  const a = { edges: { width, height, data }, analysisScale: 0.5 };

  it('accepts a box over bare wall and refuses one over a busy window or off the frame', () => {
    expect(plainWall(a, { x0: 20, y0: 20, x1: 160, y1: 120 })).toBe(true);
    expect(plainWall(a, { x0: 220, y0: 20, x1: 360, y1: 120 })).toBe(false);
    expect(plainWall(a, { x0: 500, y0: 20, x1: 600, y1: 120 })).toBe(false);
  });
});

describe('planLayout on occupied floor', () => {
  it(
    'keeps every floor piece off an object standing where the main piece would go',
    { timeout: 120_000 },
    async () => {
      const img = await loadFixture('empty-living-03.jpg', 1000);
      const analysis = analyze(img);
      const groups = templateFor('living-room', 0);
      const opts = { seed: 7, variant: 0, minimal: false };
      const free = planLayout(analysis, groups, opts).items.filter((it) => !it.onWall);
      const main = free.find((it) => it.group === 0 && !it.covering);
      expect(main).toBeDefined();
      // An existing sofa right where the new one stood: its box reaches from above the footprint to its foot.
      const foot = footprintBox(analysis, main!);
      const tall = (foot.y1 - foot.y0) * 1.5;
      const sofa = { x0: foot.x0, y0: foot.y0 - tall, x1: foot.x1, y1: foot.y1 };
      const planned = planLayout(analysis, groups, { ...opts, obstacles: [sofa] }).items;
      expect(planned.filter((it) => !it.onWall).length).toBeGreaterThan(0);
      for (const it of planned) {
        if (it.onWall) continue;
        const box = it.covering ? footprintBox(analysis, it) : projectedBox(analysis, it);
        expect(clearOfObstacles(footprintBox(analysis, it), box, [sofa], it.covering), it.kind).toBe(true);
      }
    },
  );
});

describe('boxFloorFurnishesMore', () => {
  it('takes the room box when it places more of the main group', () => {
    expect(boxFloorFurnishesMore({ main: 1, share: 0.2 }, { main: 2, share: 0.1 })).toBe(true);
    expect(boxFloorFurnishesMore({ main: 2, share: 0.1 }, { main: 1, share: 0.3 })).toBe(false);
  });
  it('with as many main pieces, takes it only for clearly more of the frame', () => {
    expect(boxFloorFurnishesMore({ main: 2, share: 0.1 }, { main: 2, share: 0.13 })).toBe(true);
    expect(boxFloorFurnishesMore({ main: 2, share: 0.1 }, { main: 2, share: 0.11 })).toBe(false);
  });
  it('never for decor alone: with no main piece on either floor, the colour floor stands', () => {
    expect(boxFloorFurnishesMore({ main: 0, share: 0 }, { main: 0, share: 0.02 })).toBe(false);
  });
});
