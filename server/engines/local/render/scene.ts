// Flattens placed items into one triangle soup in world coordinates, projected into the render
// grid, with the attributes the shader needs (world position and normal, the piece's own position
// for solid textures, texture coordinates, material).
import { project, roomToWorld, type Camera } from '../geometry/camera.ts';
import type { PlacedItem } from '../layout/fit.ts';
import { buildItem } from '../models/build.ts';
import type { Rng } from '../rng.ts';
import type { Material } from '../styles/materials.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { CLOTH_STRIDE, packCloth } from './cloth.ts';

export interface Scene {
  /** Projected position in render pixels, and 1/depth. */
  sx: Float32Array;
  sy: Float32Array;
  iz: Float32Array;
  world: Float32Array;
  normal: Float32Array;
  local: Float32Array;
  /** Normal in the piece's own frame (box mapping of scanned textures). */
  localNormal: Float32Array;
  uv: Float32Array;
  /** Three vertex indices per triangle. */
  tris: Uint32Array;
  triMaterial: Uint16Array;
  triCovering: Uint8Array;
  /** Casts a floor shadow (not rugs, not wall decor). */
  triCasts: Uint8Array;
  /** Placed item per triangle, and per item its frame [right.a, right.b, front.a, front.b] in room axes. */
  triItem: Uint16Array;
  itemFrame: Float32Array;
  materials: Material[];
  /** Soft piece per triangle (0 = none, else 1 + its index), and their parameters (render/cloth.ts). */
  triCloth: Uint16Array;
  cloth: Float32Array;
  vertexCount: number;
  triCount: number;
}

/**
 * `rngs[i]` drives item i's random details (plant stems, books, pillows): one stream per piece, so a
 * piece the agent moves or swaps keeps or changes its own model and no other piece's (issue 31).
 */
export function buildScene(
  items: readonly PlacedItem[],
  spec: StyleSpec,
  rngs: readonly Rng[],
  cam: Camera,
  renderScale: number,
): Scene {
  const meshes = items.map((it, i) => ({ it, mesh: buildItem(it, spec, rngs[i]!) }));
  let nv = 0;
  let nt = 0;
  let nc = 0;
  for (const { mesh } of meshes)
    for (const p of mesh) {
      nv += p.pos.length / 3;
      nt += p.idx.length / 3;
      nc += p.cloth?.length ?? 0;
    }
  const s: Scene = {
    sx: new Float32Array(nv),
    sy: new Float32Array(nv),
    iz: new Float32Array(nv),
    world: new Float32Array(nv * 3),
    normal: new Float32Array(nv * 3),
    local: new Float32Array(nv * 3),
    localNormal: new Float32Array(nv * 3),
    uv: new Float32Array(nv * 2),
    tris: new Uint32Array(nt * 3),
    triMaterial: new Uint16Array(nt),
    triCovering: new Uint8Array(nt),
    triCasts: new Uint8Array(nt),
    triItem: new Uint16Array(nt),
    itemFrame: new Float32Array(meshes.length * 4),
    materials: [],
    triCloth: new Uint16Array(nt),
    cloth: new Float32Array(nc * CLOTH_STRIDE),
    vertexCount: nv,
    triCount: nt,
  };
  const matIndex = new Map<Material, number>();
  let v = 0;
  let t = 0;
  let ci = 0;
  for (const [itemIndex, { it, mesh }] of meshes.entries()) {
    // The piece's +z (front) faces `facing` in room coordinates; +x is its right-hand side.
    const fa = Math.sin(it.facing);
    const fb = -Math.cos(it.facing);
    const ra = Math.cos(it.facing);
    const rb = Math.sin(it.facing);
    s.itemFrame.set([ra, rb, fa, fb], itemIndex * 4);
    for (const p of mesh) {
      let mi = matIndex.get(p.mat);
      if (mi === undefined) {
        mi = s.materials.length;
        s.materials.push(p.mat);
        matIndex.set(p.mat, mi);
      }
      const base = v;
      for (const c of p.cloth ?? []) {
        packCloth(s.cloth, ci * CLOTH_STRIDE, c, it.a * 3.1, it.b * 3.1);
        s.triCloth.fill(++ci, t + c.tri0, t + c.tri1);
      }
      for (let k = 0; k < p.pos.length; k += 3, v++) {
        const [x, y, z] = [p.pos[k]!, p.pos[k + 1]!, p.pos[k + 2]!];
        const w = roomToWorld(cam, it.a + x * ra + z * fa, it.b + x * rb + z * fb, y);
        const nx = p.nrm[k]!;
        const nz = p.nrm[k + 2]!;
        const n = roomToWorld(cam, nx * ra + nz * fa, nx * rb + nz * fb, p.nrm[k + 1]);
        const pr = project(cam, w);
        s.sx[v] = pr[0] * renderScale;
        s.sy[v] = pr[1] * renderScale;
        s.iz[v] = pr[2] > 0.05 ? 1 / pr[2] : -1;
        // Offsetting the texture space per piece keeps two chairs from sharing the same grain.
        for (let c = 0; c < 3; c++) {
          s.world[v * 3 + c] = w[c]!;
          s.normal[v * 3 + c] = n[c]!;
        }
        s.local[v * 3] = x + it.a * 3.1;
        s.local[v * 3 + 1] = y;
        s.local[v * 3 + 2] = z + it.b * 3.1;
        s.localNormal[v * 3] = nx;
        s.localNormal[v * 3 + 1] = p.nrm[k + 1]!;
        s.localNormal[v * 3 + 2] = nz;
        s.uv[v * 2] = p.uv[(k / 3) * 2]!;
        s.uv[v * 2 + 1] = p.uv[(k / 3) * 2 + 1]!;
      }
      for (let k = 0; k < p.idx.length; k += 3, t++) {
        s.tris[t * 3] = base + p.idx[k]!;
        s.tris[t * 3 + 1] = base + p.idx[k + 1]!;
        s.tris[t * 3 + 2] = base + p.idx[k + 2]!;
        s.triMaterial[t] = mi;
        s.triCovering[t] = p.covering ? 1 : 0;
        s.triCasts[t] = p.covering || it.onWall ? 0 : 1;
        s.triItem[t] = itemIndex;
      }
    }
  }
  return s;
}
