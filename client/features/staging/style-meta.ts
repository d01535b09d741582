import type { Style } from '#shared/constants/staging.ts';

/** Copy and palette for the style picker. The swatches are the colours each engine style leans on. */
export const STYLE_META: Record<
  Style,
  { description: string; palette: readonly [string, string, string, string] }
> = {
  modern: {
    description: 'Clean lines, neutral tones and sleek low-profile furniture.',
    palette: ['#f4f4f2', '#9ca3af', '#374151', '#111827'],
  },
  traditional: {
    description: 'Classic silhouettes, rich wood and warm, inviting fabrics.',
    palette: ['#f3e9dc', '#b08968', '#7f5539', '#3d2b1f'],
  },
  minimalist: {
    description: 'Only the essentials: calm, airy and clutter-free.',
    palette: ['#ffffff', '#eeeeec', '#d6d3d1', '#a8a29e'],
  },
  bohemian: {
    description: 'Layered textiles, plants and warm eclectic color.',
    palette: ['#f2cc8f', '#e07a5f', '#81b29a', '#6d3b47'],
  },
  scandinavian: {
    description: 'Light woods, soft whites and cozy natural textures.',
    palette: ['#fbfaf7', '#e8dcc8', '#c9ad8c', '#8fa3a6'],
  },
  industrial: {
    description: 'Raw metal, leather and reclaimed-wood character.',
    palette: ['#d4d4d4', '#8b6b4a', '#4b5563', '#1f2937'],
  },
};
