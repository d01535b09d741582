import { describe, expect, it } from 'vitest';
import { CATALOGUE, PIECE_TYPES } from '#shared/constants/layout.ts';
import { sizeProblem } from '#shared/layout/maths.ts';
import { ROOM_TYPES } from '#shared/constants/staging.ts';
import { templateFor } from '../layout/templates.ts';

describe('realistic sizes against the engine', () => {
  it("accept every piece the engine's templates place, at every scale the fitter shrinks a group to", () => {
    for (const roomType of ROOM_TYPES)
      for (const rot of [0, Math.PI / 2])
        for (const group of templateFor(roomType, rot))
          for (const t of group.items)
            for (const s of [1, 0.85, 0.72]) {
              // The fitter's scaling (layout/fit.ts place()): rugs and art by s, other pieces by its root.
              const k = t.kind === 'rug' || t.kind === 'art' ? s : Math.sqrt(s);
              const size = {
                w: t.w * k,
                d: t.d * (t.kind === 'art' ? 1 : k),
                h: t.h * (t.kind === 'art' ? s : k),
              };
              expect(
                sizeProblem({ type: t.kind, size, scale: 1 }),
                `${roomType} ${t.kind} at ${s}`,
              ).toBeNull();
            }
  });

  it("offer every kind a room type's template places in that room's catalogue", () => {
    for (const roomType of ROOM_TYPES) {
      const kinds = new Set(templateFor(roomType, 0).flatMap((g) => g.items.map((it) => it.kind)));
      for (const kind of kinds) expect(CATALOGUE[roomType], `${roomType}: ${kind}`).toContain(kind);
    }
    expect(PIECE_TYPES.length).toBe(18);
  });
});
