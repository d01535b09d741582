// The photo's light, measured so inserted furniture is lit like the room: the key light's colour
// from the brightest window, ambient from the walls' colour and bounce from the floor's, the
// black level the photo's darkest shadows sit at, and where the window is (shadow softness).
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { floorPoint, roomToWorld } from '../geometry/camera.ts';
import { clamp, type Vec3 } from '../geometry/vec.ts';
import { srgbToLinear, type Rgb } from '../styles/materials.ts';
import { photoEnvironment } from './environment.ts';
import type { Lighting } from './shading.ts';
import type { ScanSet } from './textures.ts';

export interface WindowLight {
  /** World point on the floor below the window's centre, and the window's width in metres. */
  pos: Vec3;
  width: number;
}

export function photoLighting(img: RawImage, a: RenderRoom, scans: ScanSet | null, focal: number): Lighting {
  const lin = (v: number) => srgbToLinear(clamp(v, 0, 255));
  const tintLin = a.tone.wallTint.map((t) => t ** 2.2) as Rgb;
  const floor = a.floorColor.map(lin);
  const fmax = Math.max(...floor, 1e-3);
  const target = lin(a.tone.p95 * 0.92);
  const key = a.openings.length ? 0.85 : 0.65;
  const wall = wallColor(img, a);
  // The global cast (tint) is applied to everything at the end; what the walls add on top of it
  // is coloured bounce light (a yellow room warms the furniture's shadowed sides).
  const sky = normalised(wall.map(lin) as Rgb).map((v, c) => clamp(v / tintLin[c]!, 0.75, 1.3)) as Rgb;
  const ground = normalised(floor as Rgb).map(
    (v, c) => clamp(v / tintLin[c]!, 0.6, 1.5) * (0.35 + (0.4 * floor[c]!) / fmax),
  ) as Rgb;
  const exposure = clamp(target / (0.83 * (key * 0.6 + 0.45)), 0.3, 1.4);
  return {
    dir: a.lightDir,
    key,
    keyColor: keyColor(img, a, tintLin),
    ambient: 0.6,
    sky,
    ground,
    exposure,
    tint: a.tone.wallTint,
    blackLevel: blackLevel(img),
    eye: [0, a.camera.eye, 0],
    yaw: a.camera.yaw,
    focal,
    scans,
    env: photoEnvironment(img, a, exposure, a.tone.wallTint),
  };
}

/** Where the key window is and how wide, or null without one (then light is diffuse). */
export function windowLight(a: RenderRoom): WindowLight | null {
  const o = a.openings[0];
  if (!o) return null;
  const cam = a.camera;
  // Opening boxes are in full-resolution pixels.
  const row = Math.min(o.y1, cam.height - 1);
  const base = floorPoint(cam, (o.x0 + o.x1) / 2, row);
  const pos = base ?? roomToWorld(cam, 0, a.backWall, 0);
  const depth = Math.hypot(pos[0], cam.eye, pos[2]);
  return { pos: [pos[0], 0, pos[2]], width: clamp(((o.x1 - o.x0) * depth) / cam.f, 0.4, 4) };
}

function normalised(c: Rgb): Rgb {
  const m = (c[0] + c[1] + c[2]) / 3 || 1;
  return [c[0] / m, c[1] / m, c[2] / m];
}

/** Mean sRGB colour of mid-bright pixels above the floor line (walls, not windows). */
function wallColor(img: RawImage, a: RenderRoom): Rgb {
  const acc = [0, 0, 0];
  let n = 0;
  const lo = a.tone.p50 * 0.8;
  const hi = Math.min(245, a.tone.p95);
  // Boundary points only: the outline's first and last points are the bottom corners.
  const pts = a.floorImage.slice(1, -1);
  // The boundary row per sampled column, looked up once per column instead of once per sample.
  const rows = new Map<number, number>();
  forGrid(img, 48, (x, y, r, g, b) => {
    let row = rows.get(x);
    if (row === undefined) rows.set(x, (row = floorRowAt(pts, x)));
    if (y >= row) return;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    if (l < lo || l > hi) return;
    acc[0]! += r;
    acc[1]! += g;
    acc[2]! += b;
    n++;
  });
  return n ? (acc.map((v) => v / n) as Rgb) : [200, 200, 200];
}

/** The brightest window's colour relative to the walls' cast, halfway to white (clipped glass). */
function keyColor(img: RawImage, a: RenderRoom, tintLin: Rgb): Rgb {
  const o = a.openings[0];
  if (!o) return [1, 1, 1];
  const acc = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(o.y0); y < o.y1; y += Math.max(1, Math.floor((o.y1 - o.y0) / 24)))
    for (let x = Math.floor(o.x0); x < o.x1; x += Math.max(1, Math.floor((o.x1 - o.x0) / 24))) {
      const p = (Math.min(img.height - 1, y) * img.width + Math.min(img.width - 1, x)) * 3;
      for (let c = 0; c < 3; c++) acc[c]! += srgbToLinear(img.data[p + c]!);
      n++;
    }
  if (!n) return [1, 1, 1];
  const c = normalised(acc.map((v) => v / n) as Rgb);
  return c.map((v, i) => clamp(0.5 + (0.5 * v) / tintLin[i]!, 0.85, 1.15)) as Rgb;
}

/**
 * The sRGB level of the photo's darkest half percent: haze, flare and the camera's tone curve
 * lift real blacks, so rendered blacks are lifted to match (capped: a dark photo lifts nothing).
 */
function blackLevel(img: RawImage): number {
  const hist = new Uint32Array(256);
  let n = 0;
  forGrid(img, 100, (_x, _y, r, g, b) => {
    hist[Math.round(0.299 * r + 0.587 * g + 0.114 * b)]!++;
    n++;
  });
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= n * 0.005) return clamp(v * 0.8, 0, 36);
  }
  return 0;
}

function forGrid(
  img: RawImage,
  cells: number,
  fn: (x: number, y: number, r: number, g: number, b: number) => void,
) {
  const step = Math.max(1, Math.floor(Math.max(img.width, img.height) / cells / 4));
  for (let y = 0; y < img.height; y += step)
    for (let x = 0; x < img.width; x += step) {
      const p = (y * img.width + x) * 3;
      fn(x, y, img.data[p]!, img.data[p + 1]!, img.data[p + 2]!);
    }
}

/** The floor boundary row at image column x (full-resolution pixels). */
function floorRowAt(pts: [number, number][], x: number): number {
  for (let j = 0; j < pts.length - 1; j++) {
    const [u0, v0] = pts[j]!;
    const [u1, v1] = pts[j + 1]!;
    if ((x >= u0 && x <= u1) || (x <= u0 && x >= u1))
      return u1 === u0 ? Math.min(v0, v1) : v0 + ((v1 - v0) * (x - u0)) / (u1 - u0);
  }
  return Infinity;
}
