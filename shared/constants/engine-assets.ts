// Third-party assets the local staging engine ships (shared/engine-assets), as the public credits
// list them. Keep in step with shared/engine-assets/SOURCES.md (a test checks every file is here).
export interface EngineAsset {
  title: string;
  /** Asset file names under shared/engine-assets/textures. */
  files: readonly string[];
  author: string;
  source: string;
  licence: string;
}

const CC0 = 'CC0 1.0 (public domain)';
/** The two libraries every texture comes from: the credit names each one the same way. */
const POLY_HAVEN = { author: 'Poly Haven', licence: CC0 };
const AMBIENT_CG = {
  author: 'Struffel Productions, ambientCG (formerly cc0textures.com)',
  source: 'ambientcg.com',
  licence: CC0,
};

export const ENGINE_ASSETS: readonly EngineAsset[] = [
  {
    title: 'Rosewood Veneer 1 (wood texture)',
    files: ['wood-veneer-color.webp', 'wood-veneer-normal.webp', 'wood-veneer-roughness.webp'],
    source: 'polyhaven.com/a/rosewood_veneer1',
    ...POLY_HAVEN,
  },
  {
    title: 'Wood Table Worn (wood texture)',
    files: ['wood-worn-color.webp', 'wood-worn-roughness.webp'],
    source: 'polyhaven.com/a/wood_table_worn',
    ...POLY_HAVEN,
  },
  {
    title: 'Leather05 (leather texture)',
    files: ['leather-color.webp', 'leather-normal.webp', 'leather-roughness.webp'],
    ...AMBIENT_CG,
  },
  {
    title: 'Fabric02 (fabric texture)',
    files: ['fabric-color.webp', 'fabric-normal.webp', 'fabric-roughness.webp'],
    ...AMBIENT_CG,
  },
  {
    title: 'Metal07 (brushed metal texture)',
    files: ['metal-normal.webp', 'metal-roughness.webp'],
    ...AMBIENT_CG,
  },
  {
    title: 'Marble01 (stone and ceramic texture)',
    files: ['stone-color.webp', 'stone-roughness.webp'],
    ...AMBIENT_CG,
  },
];
