// Test helper: the renderer's layers for a scene painted by hand, opaque furniture where `colourAt`
// gives a colour and nothing else (no covering, no depth), for the compositing steps after shading.
import type { Layers } from '#server/engines/local/render/shading.ts';

type Rgb = readonly [number, number, number];

/** Furniture of colour `colourAt(x, y)` (sRGB 0..255, full coverage) where it answers one. */
export function furnitureLayers(
  width: number,
  height: number,
  colourAt: (x: number, y: number) => Rgb | null,
): Layers {
  const furniture = new Float32Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = colourAt(x, y);
      if (c) furniture.set([c[0], c[1], c[2], 1], (y * width + x) * 4);
    }
  return {
    width,
    height,
    furniture,
    covering: new Float32Array(width * height * 4),
    depth: new Float32Array(width * height),
  };
}
