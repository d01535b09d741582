import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { isCompanion } from './companions.ts';
import { fitLayout, type LayoutRoom, type PlacedItem } from './fit.ts';
import { templateFor } from './templates.ts';

const bedroom = () => templateFor('bedroom', 0);
const bedGroup = () => bedroom()[0]!;

describe('isCompanion', () => {
  it('names the small standing pieces beside the main one, not the main piece, rugs, art or large pieces', () => {
    const items = bedGroup().items;
    const main = items.find((t) => t.kind === 'bed')!;
    const kinds = items.filter((t) => isCompanion(t, main)).map((t) => t.kind);
    expect(kinds).toEqual(['nightstand', 'nightstand']);
    // Without a main piece (a plant's group) the plant is a companion too; a coffee table is not.
    expect(isCompanion({ kind: 'plant', w: 0.5, d: 0.5 }, undefined)).toBe(true);
    expect(isCompanion({ kind: 'coffee-table', w: 1.1, d: 0.6 }, undefined)).toBe(false);
    expect(isCompanion({ kind: 'art', w: 0.5, d: 0.02, elevation: 1.6 }, undefined)).toBe(false);
  });
});

describe('fitLayout with companions', () => {
  const room = (refuse: (it: PlacedItem) => boolean): LayoutRoom => ({
    floor: [
      [-3, 1],
      [3, 1],
      [3, 7],
      [-3, 7],
    ],
    keepOut: [],
    occupied: refuse,
  });
  const fit = (r: LayoutRoom) => fitLayout(r, bedroom(), { rng: createRng(7), variant: 0 });
  const nightstands = (items: PlacedItem[]) => items.filter((it) => it.kind === 'nightstand');

  it('keeps the companions that pass the stricter evidence', () => {
    const items = fit(room(() => false));
    expect(items.find((it) => it.kind === 'bed')!.unsure).toBeFalsy();
    expect(nightstands(items).length).toBe(2);
    expect(nightstands(items).every((it) => !it.unsure)).toBe(true);
  });
  it('places the group as before and marks the companions that fail the stricter evidence', () => {
    // The stricter rule (optional pieces) refuses every nightstand; as required pieces they pass.
    const items = fit(room((it) => it.kind === 'nightstand' && !!(it.optional || it.companion)));
    expect(items.some((it) => it.kind === 'bed')).toBe(true);
    // Kept while the layout is fitted, marked so planLayout leaves them out of the staging.
    expect(nightstands(items).every((it) => it.unsure)).toBe(true);
  });
  it('never places a main piece the rule before it would not', () => {
    // No nightstand may stand anywhere, required or not: no bed either, as before.
    const items = fit(room((it) => it.kind === 'nightstand'));
    expect(items.some((it) => it.kind === 'bed')).toBe(false);
  });
});
