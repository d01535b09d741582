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

export const ENGINE_ASSETS: readonly EngineAsset[] = [
  {
    title: 'Rosewood Veneer 1 (wood texture)',
    files: ['wood-veneer-color.webp', 'wood-veneer-normal.webp', 'wood-veneer-roughness.webp'],
    author: 'Poly Haven',
    source: 'polyhaven.com/a/rosewood_veneer1',
    licence: CC0,
  },
  {
    title: 'Wood Table Worn (wood texture)',
    files: ['wood-worn-color.webp', 'wood-worn-roughness.webp'],
    author: 'Poly Haven',
    source: 'polyhaven.com/a/wood_table_worn',
    licence: CC0,
  },
  {
    title: 'Leather05 (leather texture)',
    files: ['leather-color.webp', 'leather-normal.webp', 'leather-roughness.webp'],
    author: 'Struffel Productions, ambientCG (formerly cc0textures.com)',
    source: 'ambientcg.com',
    licence: CC0,
  },
  {
    title: 'Fabric02 (fabric texture)',
    files: ['fabric-color.webp', 'fabric-normal.webp', 'fabric-roughness.webp'],
    author: 'Struffel Productions, ambientCG (formerly cc0textures.com)',
    source: 'ambientcg.com',
    licence: CC0,
  },
  {
    title: 'Metal07 (brushed metal texture)',
    files: ['metal-normal.webp', 'metal-roughness.webp'],
    author: 'Struffel Productions, ambientCG (formerly cc0textures.com)',
    source: 'ambientcg.com',
    licence: CC0,
  },
  {
    title: 'Marble01 (stone and ceramic texture)',
    files: ['stone-color.webp', 'stone-roughness.webp'],
    author: 'Struffel Productions, ambientCG (formerly cc0textures.com)',
    source: 'ambientcg.com',
    licence: CC0,
  },
];
