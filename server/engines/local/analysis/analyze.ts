// Room analysis: from pixels to a camera, a floor and the light, each with a fit score. Pure
// TypeScript on typed arrays; when evidence is weak it falls back to a level eye-height camera
// with a 65 degree lens rather than failing.
import type { RawImage } from '#server/engines/types.ts';
import {
  cameraFromHorizon,
  defaultFocal,
  horizonRow,
  floorPoint,
  roomToWorld,
  worldToRoom,
  type Camera,
} from '../geometry/camera.ts';
import { clamp, normalize, sub, type Vec3 } from '../geometry/vec.ts';
import { doorWallRows } from './door-walls.ts';
import { findFloor } from './floor.ts';
import { estimateNoise, toneStats, type ToneStats } from './light.ts';
import { findAllOpenings } from './framed-openings.ts';
import { openingsToFull, type Opening } from './openings.ts';
import { fitRoomBox } from './room-box.ts';
import { blur3, downscale, sobel, type Plane } from './pyramid.ts';
import { detectSegments, type Segment } from './segments.ts';
import { findHorizontalVPs, type VanishingPoint } from './vanishing.ts';
import { worldVerticals } from './verticals.ts';

export type Pt = [number, number];

export interface RoomAnalysis {
  width: number;
  height: number;
  camera: Camera;
  /** True when no usable vanishing point was found and the default camera is used. */
  fallbackCamera: boolean;
  /** Segments and vanishing points in full-resolution pixels. */
  segments: Segment[];
  vanishingPoints: VanishingPoint[];
  /** Floor outline in image pixels (bottom corners included). */
  floorImage: Pt[];
  /** The same outline on the floor, in room coordinates (metres). */
  floorRoom: Pt[];
  /** Depth (b) of the back wall's base in room coordinates. */
  backWall: number;
  openings: Opening[];
  /** Unit vector towards the key light, world coordinates. */
  lightDir: Vec3;
  floorColor: [number, number, number];
  tone: ToneStats;
  fit: { segments: number; vanishing: number; floor: number; openings: number };
  confidence: number;
  /** Analysis pixels per full-resolution pixel. */
  analysisScale: number;
  /** Gradient magnitude of the analysis copy: where the photo is plain (bare wall) or busy. */
  edges: Plane;
}

/** What the renderer reads of an analysis: a stored layout carries exactly this (issue 31). */
export type RenderRoom = Pick<
  RoomAnalysis,
  | 'width'
  | 'height'
  | 'camera'
  | 'floorImage'
  | 'floorRoom'
  | 'backWall'
  | 'openings'
  | 'lightDir'
  | 'floorColor'
  | 'tone'
>;

export const MAX_DEPTH = 12;
/** How far below the frame (share of the height) the floor is assumed to continue. */
export const BELOW_FRAME = 0.25;

export interface AnalyzeOptions {
  /**
   * Take the floor from a fitted room box when one fits: finds floors the colour model misses, but
   * ignores anything standing on them (kitchen units), so it is the second opinion, not the first.
   */
  boxFloor?: boolean;
}

export function analyze(img: RawImage, opts: AnalyzeOptions = {}): RoomAnalysis {
  const { small, grad, segsA, vpsA, camera, vanishing, floor, fallback, colourOpenings, doorRows } =
    measure(img);
  const s = small.scale;
  const { width: aw, height: ah } = small.lum;
  const W = img.width;
  const H = img.height;
  const toFull = (v: number) => v / s;
  const box = opts.boxFloor ? fitRoomBox(small, grad, camera, s) : null;
  // Neither the colour floor nor the room box may run past the wall a doorway stands in.
  const found = box?.boundary ?? floor.boundary;
  const boundary = doorRows ? found.map((v, x) => Math.max(v, doorRows[x]!)) : found;
  const tone = toneStats(small, boundary);
  tone.noise = estimateNoise(img);
  const same = !box && boundary.every((v, x) => v === found[x]);
  const { openings: openA, fit: openFit } = same
    ? colourOpenings
    : findAllOpenings(small, grad, segsA, boundary, horizonRow(camera) * s);

  const floorImage: Pt[] = [[0, H]];
  const step = Math.max(1, Math.floor(aw / 100));
  for (let x = 0; x < aw; x += step) floorImage.push([toFull(x + 0.5), Math.min(H, toFull(boundary[x]!))]);
  floorImage.push([W, Math.min(H, toFull(boundary[aw - 1]!))], [W, H]);
  // The camera stands on the same floor, so it continues below the frame: furniture may be cut by
  // the bottom edge as in any interior photo, instead of having to fit the visible strip.
  const below = H * (1 + BELOW_FRAME);
  const floorRoom = floorImage.map(([u, v], i) =>
    toRoom(camera, u, i === 0 || i === floorImage.length - 1 ? Math.max(below, v) : Math.min(v, H - 0.5)),
  );

  const central = floorImage
    .filter(([u, v]) => Math.abs(u - W / 2) < W * 0.25 && v < H - 1)
    .map(([u, v]) => toRoom(camera, u, v)[1])
    .sort((a, b) => a - b);
  const backWall = central.length ? central[Math.floor(central.length * 0.6)]! : 4;

  const openings = openingsToFull(openA, s, W, H);
  const segments = segsA.map((g) => ({
    ...g,
    x1: toFull(g.x1),
    y1: toFull(g.y1),
    x2: toFull(g.x2),
    y2: toFull(g.y2),
    length: toFull(g.length),
  }));
  const vanishingPoints = vpsA.map((v) => ({ ...v, x: toFull(v.x), y: toFull(v.y) }));
  const segFit = clamp(segsA.reduce((acc, g) => acc + g.length, 0) / (aw + ah) / 6, 0, 1);
  const fit = { segments: segFit, vanishing, floor: floor.fit, openings: openFit };
  return {
    width: W,
    height: H,
    camera,
    fallbackCamera: fallback,
    segments,
    vanishingPoints,
    floorImage,
    floorRoom,
    backWall: clamp(backWall, 1.5, MAX_DEPTH),
    openings,
    lightDir: keyLight(camera, openings, backWall),
    // A copy: the measurement behind it is memoised and shared between analyses of one photo.
    floorColor: [...floor.color],
    tone,
    fit,
    confidence: clamp(0.15 * segFit + 0.3 * vanishing + 0.4 * floor.fit + 0.15 * openFit, 0, 1),
    analysisScale: s,
    edges: { width: aw, height: ah, data: grad.mag },
  };
}

/**
 * The expensive part of the analysis, which does not depend on the options: the analysis copy,
 * gradients, segments, vanishing points, camera and colour floor. Memoised per image, so a second
 * opinion on the floor (boxFloor) costs only the box fit. Images are never modified in place
 * (the compositor writes to a copy), so the memo cannot go stale.
 */
const measured = new WeakMap<RawImage, ReturnType<typeof measureUncached>>();
function measure(img: RawImage) {
  let m = measured.get(img);
  if (!m) measured.set(img, (m = measureUncached(img)));
  return m;
}

function measureUncached(img: RawImage) {
  const small = downscale(img, 800);
  const s = small.scale;
  const lum = blur3(small.lum);
  const grad = sobel(lum);
  const aw = lum.width;
  const ah = lum.height;
  const minLen = Math.max(8, Math.max(aw, ah) * 0.03);
  const segsA = detectSegments(grad, minLen);
  const vpsA = findHorizontalVPs(segsA, aw, ah);
  const W = img.width;
  const H = img.height;

  // Camera from the vanishing points, in full-resolution pixels.
  const finite = vpsA
    .filter((v) => v.finite && v.support > 0.08 && v.y > ah * 0.08 && v.y < ah * 0.92)
    .map((v) => ({ x: v.x / s, y: v.y / s, support: v.support }));
  let f = defaultFocal(W, H);
  let horizon = H / 2;
  let yawX: number | null = null;
  if (finite.length >= 2) {
    const [a, b] = [finite[0]!, finite[1]!];
    horizon = (a.y * a.support + b.y * b.support) / (a.support + b.support);
    const f2 = -((a.x - W / 2) * (b.x - W / 2) + (a.y - H / 2) * (b.y - H / 2));
    const long = Math.max(W, H);
    if (f2 > 0 && Math.sqrt(f2) > 0.35 * long && Math.sqrt(f2) < 2.2 * long) f = Math.sqrt(f2);
    yawX = Math.abs(a.x - W / 2) < Math.abs(b.x - W / 2) ? a.x : b.x;
  } else if (finite.length === 1) {
    horizon = finite[0]!.y;
    yawX = finite[0]!.x;
  }
  const pitch0 = Math.atan2(H / 2 - horizon, f);
  const yaw = yawX === null ? 0 : clamp(Math.atan(((yawX - W / 2) * Math.cos(pitch0)) / f), -0.9, 0.9);
  const camera = cameraFromHorizon(W, H, horizon, f, yaw);
  const vanishing = clamp(finite.reduce((acc, v) => acc + v.support, 0) * 1.5, 0, 1);

  // Floor below the horizon, no deeper than MAX_DEPTH.
  const minRowA = (horizon + (f * camera.eye) / MAX_DEPTH) * s;
  const vpsAnalysis = finite.map((v): Pt => [v.x * s, v.y * s]);
  // World verticals converge on the vertical vanishing point below (or above) the image.
  const vertVP: Pt = [(W / 2) * s, (H / 2 + f / Math.tan(pitch0 || 1e-6)) * s];
  const floor = findFloor(
    small,
    grad,
    horizon * s,
    minRowA,
    worldVerticals(segsA, vpsAnalysis, vertVP, horizon * s, ah),
  );
  // Doorways seen on the colour floor mark walls that both floors (colour and box) stay in front of.
  const colourOpenings = findAllOpenings(small, grad, segsA, floor.boundary, horizonRow(camera) * s);
  const doors = colourOpenings.openings.filter((o) => o.kind === 'door');
  const doorRows = doorWallRows(doors, segsA, camera, s, aw, ah);
  return {
    small,
    grad,
    segsA,
    vpsA,
    camera,
    vanishing,
    floor,
    fallback: finite.length === 0,
    colourOpenings,
    doorRows,
  };
}

function toRoom(cam: Camera, u: number, v: number): Pt {
  const p = floorPoint(cam, u, v);
  if (!p) return worldToRoom(cam, [((u - cam.cx) / cam.f) * MAX_DEPTH, 0, MAX_DEPTH]);
  const d = Math.hypot(p[0], p[2]);
  const k = d > MAX_DEPTH ? MAX_DEPTH / d : 1;
  return worldToRoom(cam, [p[0] * k, 0, p[2] * k]);
}

/** The brightest opening is the key light; without one, light comes from the upper left. */
function keyLight(cam: Camera, openings: Opening[], backWall: number): Vec3 {
  const target = roomToWorld(cam, 0, backWall * 0.6, 0.5);
  const o = openings[0];
  let dir: Vec3 = [-0.55, 0.75, 0.35];
  if (o) {
    const base = floorPoint(cam, (o.x0 + o.x1) / 2, Math.min(o.y1, cam.height - 1));
    const pos: Vec3 = base ? [base[0], 1.6, base[2]] : roomToWorld(cam, 0, backWall, 1.6);
    dir = sub(pos, target);
  }
  const n = normalize(dir);
  // Keep the light above ~35 degrees so shadows stay compact, as diffuse daylight makes them.
  const horiz = Math.hypot(n[0], n[2]) || 1;
  const y = Math.max(n[1], 0.6);
  const k = Math.sqrt(Math.max(0, 1 - y * y)) / horiz;
  return normalize([n[0] * k, y, n[2] * k]);
}
