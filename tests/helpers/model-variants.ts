// Test helper for the catalogue's models: a piece built alone (as the arranger would place it) in one
// style and variant, and a signature that tells two models apart.
import { STYLE_SPECS } from '#server/engines/local/styles/styles.ts';
import type { PlacedItem } from '#server/engines/local/layout/fit.ts';
import { createRng } from '#server/engines/local/rng.ts';
import { modelSeed } from '#server/engines/local/arrange/room-model.ts';
import { buildItem } from '#server/engines/local/models/build.ts';
import type { Mesh } from '#server/engines/local/models/mesh.ts';
import { MODEL_VARIANTS } from '#shared/constants/layout.ts';
import type { Style } from '#shared/constants/staging.ts';

/** A piece of `kind` and size w x d x h (metres) at the room's origin, on the floor. */
const placed = (kind: PlacedItem['kind'], [w, d, h]: Dims): PlacedItem => ({
  kind,
  group: 0,
  a: 0,
  b: 0,
  facing: 0,
  w,
  d,
  h,
  elevation: 0,
  onWall: false,
  covering: kind === 'rug',
});

export type Dims = readonly [w: number, d: number, h: number];

/** The mesh of variant `variant` of a piece, seeded as the room model seeds it. */
export const buildVariant = (kind: PlacedItem['kind'], dims: Dims, style: Style, variant: number): Mesh =>
  buildItem(
    placed(kind, dims),
    STYLE_SPECS[style],
    createRng(modelSeed({ type: kind, variant }, STYLE_SPECS[style])),
  );

/** A mesh's shape, rounded to the millimetre: equal signatures mean the same model. */
export const signature = (m: Mesh) =>
  m
    .map(
      (p) =>
        `${p.mat.color.join(',')}:${p.pos.length}:${p.pos.reduce((s, v) => s + Math.round(v * 1000), 0)}`,
    )
    .join('|');

/** How many different models the MODEL_VARIANTS variants of a piece in one style are. */
export function distinctVariants(kind: PlacedItem['kind'], dims: Dims, style: Style): number {
  const models = new Set<string>();
  for (let v = 0; v < MODEL_VARIANTS; v++) models.add(signature(buildVariant(kind, dims, style, v)));
  return models.size;
}
