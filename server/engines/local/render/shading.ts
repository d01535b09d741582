// Shading: Lambert key light in the window's colour + soft Blinn specular whose sharpness follows
// the scanned roughness + hemisphere ambient (sky from the walls' colour, ground bounce from the
// floor's), most of it replaced by each piece's light integrated from the photo around it
// (photo-irradiance.ts), a little height-based occlusion near the floor, exposure, white balance
// and black level taken from the photo. Scanned textures are box-mapped (triplanar.ts). Resolves the
// supersampled visibility buffer into two premultiplied layers at render resolution (floor
// coverings, everything else) plus the depth of the nearest furniture surface per pixel.
import type { Vec3 } from '../geometry/vec.ts';
import { albedo, scanFor, type Rgb, type ScanUse } from '../styles/materials.ts';
import { albedoWithScan, LIN, SRGB_STEPS, toSrgb } from './surface-colour.ts';
import type { VisBuffer } from './rasterizer.ts';
import type { Scene } from './scene.ts';
import { CLOTH_STRIDE, clothShade } from './cloth.ts';
import { glossOf, lookup, type Environment } from './environment.ts';
import { newPhotoCache, photoLightAt, type PieceLight } from './photo-irradiance.ts';
import type { SunLight } from './sun-patch.ts';
import { sunGain } from './sun-shadow.ts';
import type { ScanSet } from './textures.ts';
import { newHit, triplanar } from './triplanar.ts';

export interface Lighting {
  /** Unit vector towards the key light (world). */
  dir: Vec3;
  key: number;
  /** Linear colour of the key light (window), around 1 per channel. */
  keyColor: Rgb;
  ambient: number;
  /** Linear RGB of the sky (walls, ceiling) and ground (floor) for the hemisphere term. */
  sky: Rgb;
  ground: Rgb;
  /** Linear multiplier so rendered whites sit where the photo's walls do. */
  exposure: number;
  /** Per-channel colour cast of the photo. */
  tint: Rgb;
  /** sRGB level (0..255) the photo's blacks are lifted to (haze, lens flare, JPEG tone curve). */
  blackLevel: number;
  /** Camera position (world) for specular highlights. */
  eye: Vec3;
  /** Room yaw (rotates piece frames into world axes) and focal length in render pixels. */
  yaw: number;
  focal: number;
  scans: ScanSet | null;
  /** The photo projected on the room box, mirrored by glossy surfaces (environment.ts). */
  env?: Environment | null;
  /** The window's light patch on the floor and the pieces in its beam (sun-patch.ts). */
  sun?: SunLight | null;
  /** Each piece's diffuse light integrated from the photo around it (photo-irradiance.ts). */
  pieces?: PieceLight | null;
}

/** How much of the diffuse light the photo around the piece sets (the rest: key + hemisphere). */
const PHOTO_LIGHT = 0.75;

export interface Layers {
  width: number;
  height: number;
  /** Premultiplied sRGB (0..255) and coverage 0..1, four floats per pixel. */
  furniture: Float32Array;
  covering: Float32Array;
  /** Distance from the eye to the nearest furniture surface per pixel (0 = none). */
  depth: Float32Array;
}

export function shade(scene: Scene, vis: VisBuffer, light: Lighting): Layers {
  const { width, height, ss } = vis;
  const furniture = new Float32Array(width * height * 4);
  const covering = new Float32Array(width * height * 4);
  const depth = new Float32Array(width * height);
  const ctx = new ShadeContext(scene, light);
  const rgb: Rgb = [0, 0, 0];
  const inv = 1 / (ss * ss);
  let lastTri = -1;
  let lastB1 = NaN;
  for (let y = vis.y0; y < vis.y1; y++)
    for (let x = vis.x0; x < vis.x1; x++) {
      const o = (y * width + x) * 4;
      // Textured triangles are shaded once per pixel (texture detail changes per pixel); plain
      // ones share a result with neighbouring samples of the same triangle.
      if (lastTri >= 0 && ctx.textured[scene.triMaterial[lastTri]!]) lastTri = -1;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const i = (y * ss + sy - vis.oy) * vis.stride + x * ss + sx - vis.ox;
          const t = vis.tri[i]! - 1;
          if (t < 0) continue;
          if (t !== lastTri || Math.abs(vis.b1[i]! - lastB1) > 0.02) {
            ctx.sample(t, vis.b1[i]!, vis.b2[i]!, rgb);
            lastTri = t;
            lastB1 = vis.b1[i]!;
          }
          const covers = scene.triCovering[t];
          const layer = covers ? covering : furniture;
          layer[o]! += rgb[0] * inv;
          layer[o + 1]! += rgb[1] * inv;
          layer[o + 2]! += rgb[2] * inv;
          layer[o + 3]! += inv;
          if (!covers && (depth[y * width + x] === 0 || ctx.dist < depth[y * width + x]!))
            depth[y * width + x] = ctx.dist;
        }
    }
  return { width, height, furniture, covering, depth };
}

class ShadeContext {
  readonly textured: Uint8Array;
  private readonly uses: (ScanUse | null)[];
  private readonly alb: Rgb = [0, 0, 0];
  private readonly env: Rgb = [0, 0, 0];
  private readonly hit = newHit();
  private readonly cloth = new Float64Array(4);
  private readonly sunG = new Float32Array(3);
  /** Light on an upward-facing surface (the floor the patch's gain is relative to), per channel. */
  private readonly eUp: Rgb;
  /** Mean light on an upward-facing surface in the key + hemisphere model: the photo light's scale. */
  private readonly up: number;
  private readonly photo = new Float64Array(3);
  private readonly photoE = newPhotoCache();
  private readonly cy: number;
  private readonly sy: number;
  /** Eye distance of the last sample. */
  dist = 0;

  constructor(
    private readonly scene: Scene,
    private readonly L: Lighting,
  ) {
    this.uses = scene.materials.map((m) => (L.scans ? scanFor(m) : null));
    this.textured = Uint8Array.from(this.uses, (u) => (u ? 1 : 0));
    this.cy = Math.cos(L.yaw);
    this.sy = Math.sin(L.yaw);
    const up = L.key * Math.max(0.2, L.dir[1]);
    this.eUp = [0, 1, 2].map((c) => up * L.keyColor[c]! + L.ambient * L.sky[c]! * 0.8) as Rgb;
    const top = L.key * Math.max(0, L.dir[1]);
    this.up = [0, 1, 2].reduce((s, c) => s + (top * L.keyColor[c]! + L.ambient * L.sky[c]!) / 3, 0);
  }

  sample(t: number, b1: number, b2: number, out: Rgb): void {
    const { scene, L, alb, hit } = this;
    const i0 = scene.tris[t * 3]!;
    const i1 = scene.tris[t * 3 + 1]!;
    const i2 = scene.tris[t * 3 + 2]!;
    const b0 = 1 - b1 - b2;
    // Everything below stays in locals: this runs for every visible pixel, and a temporary array
    // per call costs more in garbage collection than the arithmetic itself.
    const W = scene.world;
    const wx = W[i0 * 3]! * b0 + W[i1 * 3]! * b1 + W[i2 * 3]! * b2;
    const wy = W[i0 * 3 + 1]! * b0 + W[i1 * 3 + 1]! * b1 + W[i2 * 3 + 1]! * b2;
    const wz = W[i0 * 3 + 2]! * b0 + W[i1 * 3 + 2]! * b1 + W[i2 * 3 + 2]! * b2;
    const mi = scene.triMaterial[t]!;
    const m = scene.materials[mi]!;
    const use = this.uses[mi] ?? null;
    const P = scene.local;
    const lx = P[i0 * 3]! * b0 + P[i1 * 3]! * b1 + P[i2 * 3]! * b2;
    const ly = P[i0 * 3 + 1]! * b0 + P[i1 * 3 + 1]! * b1 + P[i2 * 3 + 1]! * b2;
    const lz = P[i0 * 3 + 2]! * b0 + P[i1 * 3 + 2]! * b1 + P[i2 * 3 + 2]! * b2;
    const UV = scene.uv;
    const u = UV[i0 * 2]! * b0 + UV[i1 * 2]! * b1 + UV[i2 * 2]! * b2;
    const v = UV[i0 * 2 + 1]! * b0 + UV[i1 * 2 + 1]! * b1 + UV[i2 * 2 + 1]! * b2;
    const ex = L.eye[0] - wx;
    const ey = L.eye[1] - wy;
    const ez = L.eye[2] - wz;
    const dist = Math.sqrt(ex * ex + ey * ey + ez * ez);
    this.dist = dist;
    let n0: number;
    let n1: number;
    let n2: number;
    let rough = 1;
    let facing = NaN;
    // Light lost in a seam's groove or a crease's trough (cloth.ts).
    let fold = 1;
    if (use) {
      const scan = L.scans![use.name];
      const N = scene.localNormal;
      let nx = N[i0 * 3]! * b0 + N[i1 * 3]! * b1 + N[i2 * 3]! * b2;
      let ny = N[i0 * 3 + 1]! * b0 + N[i1 * 3 + 1]! * b1 + N[i2 * 3 + 1]! * b2;
      let nz = N[i0 * 3 + 2]! * b0 + N[i1 * 3 + 2]! * b1 + N[i2 * 3 + 2]! * b2;
      triplanar(scan, lx, ly, lz, nx, ny, nz, dist / L.focal, hit);
      albedoWithScan(m, use, lx, ly, lz, u, v, hit.detail, alb);
      rough = Math.min(2.5, Math.max(0.4, hit.rough));
      const sx = nx;
      const sy = ny;
      const sz = nz;
      nx += hit.bump[0]! * use.bump;
      ny += hit.bump[1]! * use.bump;
      nz += hit.bump[2]! * use.bump;
      // Piece frame -> room axes -> world (a rotation about the vertical), as scene.ts does.
      const f = scene.itemFrame;
      const k = scene.triItem[t]! * 4;
      // Which side faces the eye is the smooth surface's call: bumps and creases seen at a grazing
      // angle would flip single pixels to the back side (dark speckle).
      const sa = sx * f[k]! + sz * f[k + 2]!;
      const sb = sx * f[k + 1]! + sz * f[k + 3]!;
      facing = (sa * this.cy + sb * this.sy) * ex + sy * ey + (-sa * this.sy + sb * this.cy) * ez;
      const ci = scene.triCloth[t]!;
      if (ci) {
        // Creases fade out towards grazing views, where they would shrink to fine stripes.
        const nv = Math.abs(facing) / ((dist || 1) * (Math.sqrt(sx * sx + sy * sy + sz * sz) || 1));
        const c = this.cloth;
        const o = (ci - 1) * CLOTH_STRIDE;
        // The seam is filtered to the metres one pixel spans across the surface (cloth.ts, 0275).
        const spread = dist / L.focal / Math.max(0.1, nv);
        clothShade(scene.cloth, o, lx, ly, lz, sx, sy, sz, nx, ny, nz, Math.min(1, nv * 2.5), c, spread);
        nx = c[0]!;
        ny = c[1]!;
        nz = c[2]!;
        fold = c[3]!;
      }
      const ra = nx * f[k]! + nz * f[k + 2]!;
      const rb = nx * f[k + 1]! + nz * f[k + 3]!;
      n0 = ra * this.cy + rb * this.sy;
      n1 = ny;
      n2 = -ra * this.sy + rb * this.cy;
    } else {
      const N = scene.normal;
      n0 = N[i0 * 3]! * b0 + N[i1 * 3]! * b1 + N[i2 * 3]! * b2;
      n1 = N[i0 * 3 + 1]! * b0 + N[i1 * 3 + 1]! * b1 + N[i2 * 3 + 1]! * b2;
      n2 = N[i0 * 3 + 2]! * b0 + N[i1 * 3 + 2]! * b1 + N[i2 * 3 + 2]! * b2;
      albedo(m, lx, ly, lz, u, v, alb);
    }
    const nl = Math.sqrt(n0 * n0 + n1 * n1 + n2 * n2) || 1;
    const id = 1 / (dist || 1);
    const vx = ex * id;
    const vy = ey * id;
    const vz = ez * id;
    // Two-sided: thin parts (leaves, shades) are seen from both sides.
    const sign = (Number.isNaN(facing) ? n0 * vx + n1 * vy + n2 * vz : facing) < 0 ? -1 / nl : 1 / nl;
    n0 *= sign;
    n1 *= sign;
    n2 *= sign;
    const nv0 = n0 * vx + n1 * vy + n2 * vz;
    if (nv0 < 0.02) {
      // A bent normal turned away from the eye: bring it back to the silhouette.
      n0 += (0.02 - nv0) * vx;
      n1 += (0.02 - nv0) * vy;
      n2 += (0.02 - nv0) * vz;
      const k = 1 / (Math.sqrt(n0 * n0 + n1 * n1 + n2 * n2) || 1);
      n0 *= k;
      n1 *= k;
      n2 *= k;
    }
    const D = L.dir;
    const ndl = Math.max(0, n0 * D[0] + n1 * D[1] + n2 * D[2]) * fold;
    const hemi = 0.5 + 0.5 * n1;
    // In the window's beam: the floor patch's extra light, by how squarely the surface faces the
    // beam relative to the floor (a side facing a low sun gets more than the floor does).
    let sunK = 0;
    const S = L.sun;
    if (S && wy > -0.01 && sunGain(S, wx, wy, wz, this.sunG)) {
      const c = n0 * S.dir[0] + n1 * S.dir[1] + n2 * S.dir[2];
      if (c > 0) sunK = Math.min(2.5, c / S.dir[1]) * fold;
    }
    // Occlusion: surfaces close to the floor and facing down get less ambient light.
    const occl = (0.55 + 0.45 * Math.min(1, wy / 0.35)) * (0.75 + 0.25 * hemi) * fold;
    // Rugs lie flat on the floor the light is scaled to: the room's light already suits them, and
    // they are a large share of the samples.
    const PL = scene.triCovering[t] ? null : L.pieces;
    if (PL) {
      // The light the photo sends this way at this piece, relative to the floor under it; the
      // occlusion term stands for the piece and its neighbours hiding part of the room from sides
      // and undersides (without it a front lit from behind the camera is as bright as the top).
      photoLightAt(PL.poly, scene.triItem[t]! * 27, n0, n1, n2, this.up * occl, this.photoE, this.photo);
    }
    const hx = D[0] + vx;
    const hy = D[1] + vy;
    const hz = D[2] + vz;
    const hl = Math.sqrt(hx * hx + hy * hy + hz * hz) || 1;
    const ndh = Math.max(0, (n0 * hx + n1 * hy + n2 * hz) / hl);
    // Rougher spots (relative to the scan's mean) get a wider, weaker highlight.
    const spec =
      m.spec > 0 ? (m.spec / rough) * ndh ** (m.gloss / (rough * rough)) * L.key * (0.3 + 0.7 * ndl) : 0;
    const lift = L.blackLevel;
    const keyNdl = L.key * ndl;
    const scale = L.exposure * SRGB_STEPS;
    // The room mirrored (Schlick's Fresnel: grazing angles reflect most); metals tint it with
    // their colour and lose most of their diffuse part.
    const g = L.env && !m.emissive ? glossOf(m) : null;
    let fres = 0;
    if (g) {
      // Satin surfaces mirror a blurred room off the smooth shape: the scan's bumps would speckle it.
      let gx = n0;
      let gy = n1;
      let gz = n2;
      if (g.soft && use) {
        const N = scene.normal;
        gx = N[i0 * 3]! * b0 + N[i1 * 3]! * b1 + N[i2 * 3]! * b2;
        gy = N[i0 * 3 + 1]! * b0 + N[i1 * 3 + 1]! * b1 + N[i2 * 3 + 1]! * b2;
        gz = N[i0 * 3 + 2]! * b0 + N[i1 * 3 + 2]! * b1 + N[i2 * 3 + 2]! * b2;
        const gl = Math.sqrt(gx * gx + gy * gy + gz * gz) || 1;
        const gs = gx * vx + gy * vy + gz * vz < 0 ? -1 / gl : 1 / gl;
        gx *= gs;
        gy *= gs;
        gz *= gs;
      }
      const nv = Math.max(0, gx * vx + gy * vy + gz * vz);
      fres = (1 - nv) ** 5;
      const rx = 2 * nv * gx - vx;
      const ry = 2 * nv * gy - vy;
      const rz = 2 * nv * gz - vz;
      lookup(L.env!, wx, wy, wz, rx, ry, rz, g.soft, this.env);
    }
    for (let c = 0; c < 3; c++) {
      const ai = alb[c]! + 0.5;
      const a = LIN[ai <= 0 ? 0 : ai >= 255 ? 255 : ai | 0]!;
      const amb = (L.ground[c]! + (L.sky[c]! - L.ground[c]!) * hemi) * L.ambient * occl;
      let diffuse = keyNdl * L.keyColor[c]! + amb;
      if (PL) diffuse += (this.photo[c]! - diffuse) * PHOTO_LIGHT;
      let lin = a * diffuse + spec * L.keyColor[c]!;
      if (sunK) lin += a * this.sunG[c]! * this.eUp[c]! * sunK;
      if (g) {
        // Rough surfaces reflect less at grazing angles than Schlick's mirror (Lagarde's fit).
        const f0 = g.metal ? a : 0.04;
        const refl = (f0 + (Math.max(f0, g.grazing) - f0) * fres) * g.amount * this.env[c]! * occl;
        lin = lin * (g.metal ? 1 - 0.6 * g.amount : 1) + refl;
      }
      if (m.emissive) lin = a * (0.35 + m.emissive) + lin * 0.3;
      const s = toSrgb(lin * scale * L.tint[c]!);
      out[c] = lift + s * (1 - lift / 255);
    }
  }
}
