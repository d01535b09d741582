// Shading: Lambert key light + soft Blinn specular + hemisphere ambient (sky from the walls,
// ground bounce from the floor), a little height-based occlusion near the floor, exposure and
// white balance taken from the photo. Resolves the supersampled visibility buffer into two
// premultiplied layers at render resolution: floor coverings (rugs) and everything else.
import { normalize, type Vec3 } from '../geometry/vec.ts';
import { albedo, linearToSrgb, srgbToLinear, type Rgb } from '../styles/materials.ts';
import type { VisBuffer } from './rasterizer.ts';
import type { Scene } from './scene.ts';

export interface Lighting {
  /** Unit vector towards the key light (world). */
  dir: Vec3;
  key: number;
  ambient: number;
  /** Linear RGB of the sky (walls, ceiling) and ground (floor) for the hemisphere term. */
  sky: Rgb;
  ground: Rgb;
  /** Linear multiplier so rendered whites sit where the photo's walls do. */
  exposure: number;
  /** Per-channel colour cast of the photo. */
  tint: Rgb;
  /** Camera position (world) for specular highlights. */
  eye: Vec3;
}

export interface Layers {
  width: number;
  height: number;
  /** Premultiplied sRGB (0..255) and coverage 0..1, four floats per pixel. */
  furniture: Float32Array;
  covering: Float32Array;
}

const LIN = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

export function shade(scene: Scene, vis: VisBuffer, light: Lighting): Layers {
  const { width, height, ss } = vis;
  const furniture = new Float32Array(width * height * 4);
  const covering = new Float32Array(width * height * 4);
  const alb: Rgb = [0, 0, 0];
  const rgb: Rgb = [0, 0, 0];
  const inv = 1 / (ss * ss);
  let lastTri = -1;
  let lastB1 = NaN;
  for (let y = vis.y0; y < vis.y1; y++)
    for (let x = vis.x0; x < vis.x1; x++) {
      const o = (y * width + x) * 4;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const i = (y * ss + sy - vis.oy) * vis.stride + x * ss + sx - vis.ox;
          const t = vis.tri[i]! - 1;
          if (t < 0) continue;
          // Neighbouring samples of the same triangle share one shading result.
          if (t !== lastTri || Math.abs(vis.b1[i]! - lastB1) > 0.02) {
            shadeSample(scene, light, t, vis.b1[i]!, vis.b2[i]!, alb, rgb);
            lastTri = t;
            lastB1 = vis.b1[i]!;
          }
          const layer = scene.triCovering[t] ? covering : furniture;
          layer[o]! += rgb[0] * inv;
          layer[o + 1]! += rgb[1] * inv;
          layer[o + 2]! += rgb[2] * inv;
          layer[o + 3]! += inv;
        }
    }
  return { width, height, furniture, covering };
}

function shadeSample(scene: Scene, L: Lighting, t: number, b1: number, b2: number, alb: Rgb, out: Rgb): void {
  const i0 = scene.tris[t * 3]!;
  const i1 = scene.tris[t * 3 + 1]!;
  const i2 = scene.tris[t * 3 + 2]!;
  const b0 = 1 - b1 - b2;
  const wx = interp(scene.world, 3, 0, i0, i1, i2, b0, b1, b2);
  const wy = interp(scene.world, 3, 1, i0, i1, i2, b0, b1, b2);
  const wz = interp(scene.world, 3, 2, i0, i1, i2, b0, b1, b2);
  let n = normalize([
    interp(scene.normal, 3, 0, i0, i1, i2, b0, b1, b2),
    interp(scene.normal, 3, 1, i0, i1, i2, b0, b1, b2),
    interp(scene.normal, 3, 2, i0, i1, i2, b0, b1, b2),
  ]);
  const v = normalize([L.eye[0] - wx, L.eye[1] - wy, L.eye[2] - wz]);
  // Two-sided: thin parts (leaves, shades) are seen from both sides.
  if (n[0] * v[0] + n[1] * v[1] + n[2] * v[2] < 0) n = [-n[0], -n[1], -n[2]];
  const m = scene.materials[scene.triMaterial[t]!]!;
  albedo(
    m,
    interp(scene.local, 3, 0, i0, i1, i2, b0, b1, b2),
    interp(scene.local, 3, 1, i0, i1, i2, b0, b1, b2),
    interp(scene.local, 3, 2, i0, i1, i2, b0, b1, b2),
    interp(scene.uv, 2, 0, i0, i1, i2, b0, b1, b2),
    interp(scene.uv, 2, 1, i0, i1, i2, b0, b1, b2),
    alb,
  );
  const ndl = Math.max(0, n[0] * L.dir[0] + n[1] * L.dir[1] + n[2] * L.dir[2]);
  const hemi = 0.5 + 0.5 * n[1];
  // Occlusion: surfaces close to the floor and facing down get less ambient light.
  const occl = (0.55 + 0.45 * Math.min(1, wy / 0.35)) * (0.75 + 0.25 * hemi);
  const hx = L.dir[0] + v[0];
  const hy = L.dir[1] + v[1];
  const hz = L.dir[2] + v[2];
  const hl = Math.hypot(hx, hy, hz) || 1;
  const ndh = Math.max(0, (n[0] * hx + n[1] * hy + n[2] * hz) / hl);
  const spec = m.spec * ndh ** m.gloss * L.key * (0.3 + 0.7 * ndl);
  for (let c = 0; c < 3; c++) {
    const a = LIN[Math.max(0, Math.min(255, Math.round(alb[c]!)))]!;
    const amb = (L.ground[c]! + (L.sky[c]! - L.ground[c]!) * hemi) * L.ambient * occl;
    let lin = a * (L.key * ndl + amb) + spec;
    if (m.emissive) lin = a * (0.35 + m.emissive) + lin * 0.3;
    out[c] = linearToSrgb(lin * L.exposure * L.tint[c]!);
  }
}

function interp(
  arr: Float32Array,
  k: number,
  c: number,
  i0: number,
  i1: number,
  i2: number,
  b0: number,
  b1: number,
  b2: number,
): number {
  return arr[i0 * k + c]! * b0 + arr[i1 * k + c]! * b1 + arr[i2 * k + c]! * b2;
}
