// Reflections of the furniture on glossy floors (issue 30). How glossy the floor is comes from the
// photo (floor-gloss.ts). The reflection is the scene mirrored in the floor plane, rendered at half
// resolution, then made physical: each floor pixel reflects by Schlick's Fresnel term at the camera's
// angle there (faint at the camera's feet, strong towards the far wall), what stands higher above the
// floor fades, the image blurs with its distance from the contact line (the floor's roughness), and
// takes on the floor's colour. It is laid over the floor in the covering layer with a colour chosen
// so that it replaces what the floor mirrored before (the bare wall) in the photo's own pixels,
// instead of painting over the floor's own colour.
import type { RenderRoom } from '../analysis/analyze.ts';
import { project } from '../geometry/camera.ts';
import type { FloorGloss } from './floor-gloss.ts';
import { rasterize, type VisBuffer } from './rasterizer.ts';
import { blurAt, heightFade, OVER, overColour, reflectionAlpha, viewCosines } from './reflection-optics.ts';
import type { Scene } from './scene.ts';
import type { Layers } from './shading.ts';
import { boxBlur } from './shadows.ts';

/**
 * Renders the mirrored scene with `render` (shading of a rasterised scene) and lays it over the
 * floor in the covering layer.
 */
export function addReflection(
  layers: Layers,
  scene: Scene,
  a: RenderRoom,
  renderScale: number,
  floor: FloorGloss,
  floorRow: Float32Array,
  render: (mirror: Scene, vis: VisBuffer) => Layers,
): void {
  if (floor.strength <= 0.05) return;
  const { width: w, height: h } = layers;
  const hw = Math.max(2, w >> 1);
  const hh = Math.max(2, h >> 1);
  const hs = (renderScale * hw) / w;
  const { mirror, offset } = mirrored(scene, a, hs);
  const vis = rasterize(mirror, hw, hh, 1);
  if (vis.x1 <= vis.x0) return;
  const refl = render(mirror, vis).furniture;
  // The crop the reflection can reach once blurred: all the work below stays inside it.
  const rough = Math.max(0.1, floor.roughness);
  const r0 = Math.max(1, Math.round(hw * 0.002));
  const radii = [r0, 3 * r0, 9 * r0];
  const m = radii[2]!;
  const cx0 = Math.max(0, vis.x0 - m);
  const cy0 = Math.max(0, vis.y0 - m);
  const cw = Math.min(hw, vis.x1 + m) - cx0;
  const ch = Math.min(hh, vis.y1 + m) - cy0;
  // Premultiplied colour and coverage, faded by height, plus the contact offset (weighted by
  // coverage) that sets the blur where the reflection has spread past the covered pixels.
  const planes = [0, 1, 2, 3, 4].map(() => new Float32Array(cw * ch));
  for (let y = vis.y0; y < vis.y1; y++)
    for (let x = vis.x0; x < vis.x1; x++) {
      const si = (y - vis.oy) * vis.stride + (x - vis.ox);
      const t = vis.tri[si]! - 1;
      const ra = refl[(y * hw + x) * 4 + 3]!;
      if (t < 0 || ra <= 0) continue;
      const v0 = mirror.tris[t * 3]!;
      const v1 = mirror.tris[t * 3 + 1]!;
      const v2 = mirror.tris[t * 3 + 2]!;
      const b1 = vis.b1[si]!;
      const b2 = vis.b2[si]!;
      const b0 = 1 - b1 - b2;
      const height =
        b0 * scene.world[v0 * 3 + 1]! + b1 * scene.world[v1 * 3 + 1]! + b2 * scene.world[v2 * 3 + 1]!;
      const fade = heightFade(height, rough);
      const q = (y - cy0) * cw + (x - cx0);
      const p = (y * hw + x) * 4;
      for (let c = 0; c < 3; c++) planes[c]![q] = refl[p + c]! * fade * (0.5 + 0.5 * floor.tint[c]!);
      planes[3]![q] = ra * fade;
      planes[4]![q] = (b0 * offset[v0]! + b1 * offset[v1]! + b2 * offset[v2]!) * ra * fade;
    }
  const levels = radii.map((r) => planes.slice(0, 4).map((pl) => boxBlur(pl, cw, ch, r)));
  const wideOffset = boxBlur(planes[4]!, cw, ch, m);
  const wideAlpha = levels[2]![3]!;
  // Per half-resolution pixel: the blur its contact distance needs, between the precomputed
  // levels, and the colour that makes the blend replace the wall's mirror image (premultiplied).
  const mix = new Float32Array(cw * ch * 4);
  for (let q = 0; q < cw * ch; q++) {
    if (wideAlpha[q]! <= 1e-4) continue;
    const want = blurAt(wideOffset[q]! / wideAlpha[q]!, rough);
    const lo = want <= radii[1]! ? 0 : 1;
    const k = Math.min(1, Math.max(0, (want - radii[lo]!) / (radii[lo + 1]! - radii[lo]!)));
    const at = (c: number) => levels[lo]![c]![q]! * (1 - k) + levels[lo + 1]![c]![q]! * k;
    const ra = at(3);
    if (ra <= 0) continue;
    for (let c = 0; c < 3; c++)
      mix[q * 4 + c] = overColour(at(c) / ra, floor.floorColour[c]!, floor.wallColour[c]!) * ra;
    mix[q * 4 + 3] = ra;
  }
  const C = layers.covering;
  const viewCos = viewCosines(a.camera);
  for (let y = 0; y < h; y++) {
    const ry = Math.floor((y * hh) / h) - cy0;
    if (ry < 0 || ry >= ch) continue;
    for (let x = 0; x < w; x++) {
      if (y + 0.5 < floorRow[x]!) continue;
      const rx = Math.floor((x * hw) / w) - cx0;
      if (rx < 0 || rx >= cw) continue;
      const q = (ry * cw + rx) * 4;
      if (mix[q + 3]! <= 0) continue;
      const i = (y * w + x) * 4;
      const cos = viewCos((x + 0.5) / renderScale, (y + 0.5) / renderScale);
      // Blended OVER times stronger than the reflectance, with the colour set above.
      const free = (1 - C[i + 3]!) * reflectionAlpha(floor.strength, floor.coat, cos) * OVER;
      for (let c = 0; c < 4; c++) C[i + c]! += mix[q + c]! * free;
    }
  }
}

/**
 * The scene mirrored in the floor plane (projection only; it is shaded as the original), and per
 * vertex how far (half-resolution pixels) its mirror image lies below its own contact point.
 */
function mirrored(scene: Scene, a: RenderRoom, scale: number): { mirror: Scene; offset: Float32Array } {
  const n = scene.vertexCount;
  const sx = new Float32Array(n);
  const sy = new Float32Array(n);
  const iz = new Float32Array(n);
  const offset = new Float32Array(n);
  for (let v = 0; v < n; v++) {
    const [x, y, z] = [scene.world[v * 3]!, scene.world[v * 3 + 1]!, scene.world[v * 3 + 2]!];
    const pr = project(a.camera, [x, -y, z]);
    sx[v] = pr[0] * scale;
    sy[v] = pr[1] * scale;
    iz[v] = pr[2] > 0.05 ? 1 / pr[2] : -1;
    offset[v] = Math.max(0, pr[1] - project(a.camera, [x, 0, z])[1]) * scale;
  }
  // Rugs and wall art are not mirrored (rugs lie on the floor, art hangs above the wall line).
  for (let t = 0; t < scene.triCount; t++)
    if (!scene.triCasts[t]) for (let k = 0; k < 3; k++) iz[scene.tris[t * 3 + k]!] = -1;
  return { mirror: { ...scene, sx, sy, iz }, offset };
}
