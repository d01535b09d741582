import { describe, expect, it } from 'vitest';
import { furnishAreaSchema, polygonArea } from '#shared/schemas/staging.ts';
import {
  brush,
  emptyGrid,
  furnishAreaField,
  gridPolygons,
  paintedShare,
  type AreaGrid,
} from './furnish-area.ts';

const masked = { engine: 'openai', declutter: true, masked: true, plansLayout: false };
const unmasked = { ...masked, engine: 'local', masked: false, plansLayout: true };

/** Paints a stroke of brush dabs from (u0, v0) to (u1, v1). */
function stroke(g: AreaGrid, u0: number, v0: number, u1: number, v1: number, paint = true): AreaGrid {
  for (let t = 0; t <= 1; t += 0.02) g = brush(g, u0 + (u1 - u0) * t, v0 + (v1 - v0) * t, paint);
  return g;
}

const totalArea = (ps: [number, number][][]) => ps.reduce((s, p) => s + polygonArea(p), 0);

describe('furniture area grid', () => {
  it('turns painted cells into polygons the API accepts, covering exactly the painted share', () => {
    let g = emptyGrid(1600, 1200);
    expect([g.cols, g.rows]).toEqual([48, 36]);
    // Two separate patches and an L-shaped one.
    g = stroke(g, 0.1, 0.8, 0.4, 0.8);
    g = stroke(g, 0.7, 0.9, 0.9, 0.9);
    g = stroke(g, 0.5, 0.5, 0.5, 0.7);
    g = stroke(g, 0.5, 0.7, 0.6, 0.7);
    const { polygons, dropped } = gridPolygons(g);
    expect(dropped).toBe(0);
    expect(polygons.length).toBeGreaterThanOrEqual(3);
    expect(furnishAreaSchema.safeParse(polygons).success).toBe(true);
    expect(totalArea(polygons)).toBeCloseTo(paintedShare(g), 6);
  });

  it('a ring is split into chains that still cover every cell once', () => {
    let g = emptyGrid(1000, 1000);
    g = stroke(g, 0.3, 0.3, 0.7, 0.3);
    g = stroke(g, 0.7, 0.3, 0.7, 0.7);
    g = stroke(g, 0.7, 0.7, 0.3, 0.7);
    g = stroke(g, 0.3, 0.7, 0.3, 0.3);
    const { polygons } = gridPolygons(g);
    expect(furnishAreaSchema.safeParse(polygons).success).toBe(true);
    expect(totalArea(polygons)).toBeCloseTo(paintedShare(g), 6);
  });

  it('erasing takes cells back; an empty or too small area sends nothing (automatic)', () => {
    let g = stroke(emptyGrid(800, 600), 0.2, 0.7, 0.8, 0.7);
    expect(furnishAreaField(masked, g).furnishArea).toBeDefined();
    g = stroke(g, 0.2, 0.7, 0.8, 0.7, false);
    expect(paintedShare(g)).toBe(0);
    expect(furnishAreaField(masked, g)).toEqual({});
    expect(furnishAreaField(masked, brush(emptyGrid(800, 600), 0.5, 0.5, true, 0.6))).toEqual({});
  });

  it('is sent only for a masked engine, as JSON the schema parses back to the same polygons', () => {
    const g = stroke(emptyGrid(800, 600), 0.2, 0.75, 0.8, 0.75);
    const field = furnishAreaField(masked, g).furnishArea!;
    expect(furnishAreaSchema.parse(JSON.parse(field))).toEqual(gridPolygons(g).polygons);
    expect(furnishAreaField(unmasked, g)).toEqual({});
    expect(furnishAreaField(null, g)).toEqual({});
  });
});
