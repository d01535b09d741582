// Renders a layout into its photo: the style's furniture lit like the photo, shadows, reflections,
// grain, composited over the original. A staging renders the layout it just planned through here, and
// an arrangement the agent edits is re-rendered through here from the stored room, without analysing
// the photo again (issue 31): both give the same picture for the same layout.
import type { RawImage } from '#server/engines/types.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { clamp } from '../geometry/vec.ts';
import { applyOcclusion } from '../render/ambient-occlusion.ts';
import { flatGrain, measureGrain, type Grain } from '../render/camera-grain.ts';
import { applyBleed, bleedMap } from '../render/colour-bleed.ts';
import { composite, type Composite } from '../render/compositor.ts';
import { jpegLook, requantize, roundTripWorthIt, type JpegLook } from '../render/jpeg-match.ts';
import { pieceLight } from '../render/photo-irradiance.ts';
import { photoLighting, windowLight } from '../render/photo-light.ts';
import { matchSoftness, photoBlurSigma } from '../render/photo-match.ts';
import { rasterize } from '../render/rasterizer.ts';
import { measureFloorGloss, type FloorGloss } from '../render/floor-gloss.ts';
import { addReflection } from '../render/reflection.ts';
import { buildScene } from '../render/scene.ts';
import { shade, type Lighting } from '../render/shading.ts';
import { floorShading } from '../render/shadows.ts';
import { findSunPatch, type SunPatch } from '../render/sun-patch.ts';
import { cutSunPatch, sunShadows } from '../render/sun-shadow.ts';
import { loadScans } from '../render/textures.ts';
import { wallOcclusion } from '../render/wall-occlusion.ts';
import { createRng } from '../rng.ts';
import { withScheme } from '../styles/colour-schemes.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { itemOf, modelSeed, renderRoomOf } from './room-model.ts';

export interface RenderOptions {
  /** Cap on render pixels (before 2x2 supersampling); larger photos are rendered smaller and upsampled. */
  maxRenderPixels?: number;
  /** Yields between phases; throws to abort. */
  check?: () => Promise<void>;
  /** Marks the end of the 3-D render (the benchmark times render and composite apart). */
  onRendered?: () => void;
  /** Called at the end of each phase with its name (the layout benchmark's timing spans). */
  span?: (name: string) => void;
  /**
   * A buffer of the photo's length for the composite to be drawn into, overwritten whole (the
   * arrange worker reuses one between saves); the result's image is then this buffer.
   */
  into?: Uint8Array;
}

/**
 * What a render needs of the photo and its room and never of the pieces: the room scaled to the
 * photo, the render size, the photo's light, gloss, softness, grain and JPEG look. Made once per photo
 * and size, it is what the arrange worker keeps between an agent's previews (decision 0180): a render
 * from it equals one from scratch, since nothing here depends on the layout and nothing mutates it.
 */
export interface PreparedPhoto {
  img: RawImage;
  room: RoomModel;
  a: RenderRoom;
  renderScale: number;
  rw: number;
  rh: number;
  light: Lighting;
  floorRow: Float32Array;
  /** How glossy the floor is, measured on the photo (floor-gloss.ts). */
  floor: FloorGloss;
  blurSigma: number;
  grain: Grain;
  look: JpegLook | null;
  /** The window's light patch on the floor, if the photo shows one (sun-patch.ts). */
  sun: SunPatch | null;
}

export async function preparePhoto(
  img: RawImage,
  room: RoomModel,
  opts: Pick<RenderOptions, 'maxRenderPixels'> = {},
): Promise<PreparedPhoto> {
  const k = img.width / room.width;
  const a = k === 1 ? renderRoomOf(room) : scaled(renderRoomOf(room), img.width, img.height, k);
  const renderScale = Math.min(1, Math.sqrt((opts.maxRenderPixels ?? 1_200_000) / (img.width * img.height)));
  // At least 2 x 2: the compositor blends pairs of render rows and columns.
  const rw = Math.max(2, Math.round(img.width * renderScale));
  const rh = Math.max(2, Math.round(img.height * renderScale));
  const scans = await loadScans();
  const fullRows = floorRows(a, img.width, 1);
  // A JPEG photo's compression is part of its look: the rendered pixels go through it too.
  const bytes = 'bytes' in img && img.bytes instanceof Uint8Array ? img.bytes : null;
  const look = bytes && k === 1 ? jpegLook(bytes) : null;
  const floorRow = floorRows(a, rw, renderScale);
  const floor = measureFloorGloss(img, a, (x) => fullRows[clamp(Math.round(x), 0, img.width - 1)]!);
  return {
    img,
    room,
    a,
    renderScale,
    rw,
    rh,
    light: photoLighting(img, a, scans, a.camera.f * renderScale),
    floorRow,
    floor,
    blurSigma: photoBlurSigma(img),
    grain: measureGrain(img) ?? flatGrain(a.tone.noise),
    look: look && roundTripWorthIt(look, img.width * img.height) ? look : null,
    // Bright spots on a floor that mirrors its windows are reflections, not sun (as before 0267).
    sun: findSunPatch(img, a, rw, rh, renderScale, floorRow, floor.windows),
  };
}

/** Renders `pieces` into `img`, whose size may differ from the room's (a preview): the room is scaled to it. */
export async function renderLayout(
  img: RawImage,
  room: RoomModel,
  pieces: readonly Piece[],
  spec: StyleSpec,
  opts: RenderOptions = {},
): Promise<Composite> {
  const prepared = await preparePhoto(img, room, opts);
  opts.span?.('photo');
  return renderPrepared(prepared, pieces, spec, opts);
}

/** Renders `pieces` into a prepared photo: a new image, the prepared one left as it was. */
export async function renderPrepared(
  photo: PreparedPhoto,
  pieces: readonly Piece[],
  spec: StyleSpec,
  opts: RenderOptions = {},
): Promise<Composite> {
  const check = opts.check ?? (async () => {});
  const span = opts.span ?? (() => {});
  const { img, a, renderScale, rw, rh, light, floorRow } = photo;
  const items = pieces.map(itemOf);
  // The room's colour scheme dresses the models; their designs are seeded by the style alone, so a
  // scheme changes colours and nothing else.
  const scene = buildScene(
    items,
    withScheme(spec, photo.room.colours),
    pieces.map((p) => createRng(modelSeed(p, spec, photo.room.modelSeeds === 'style'))),
    a.camera,
    renderScale,
  );
  span('scene');
  const vis = rasterize(scene, rw, rh, 2);
  span('rasterize');
  await check();
  // The pieces in the window's beam: lit by it, and cutting it on the floor.
  const sun = photo.sun ? sunShadows(photo.sun, scene) : null;
  // Each piece lit by the photo around it; the mirrored pieces in a glossy floor too.
  const lit = { ...light, pieces: light.env ? pieceLight(scene, light.env) : null };
  const layers = shade(scene, vis, sun ? { ...lit, sun } : lit);
  span('shade');
  applyOcclusion(layers, a.camera, renderScale);
  span('occlusion');
  const rugCover = coverage(layers.covering);
  addReflection(layers, scene, a, renderScale, photo.floor, floorRow, (mirror, mvis) =>
    shade(mirror, mvis, lit),
  );
  span('reflection');
  matchSoftness(layers, photo.blurSigma, renderScale);
  span('softness');
  const params = { cam: a.camera, renderScale, width: rw, height: rh, floorRow };
  const shadeMap = floorShading(scene, items, {
    ...params,
    light: a.lightDir,
    strength: a.openings.length ? 0.42 : 0.3,
    window: windowLight(a),
    rugCover,
  });
  wallOcclusion(shadeMap, items, {
    ...params,
    floorRoom: a.floorRoom,
    floorImage: a.floorImage,
    light: a.lightDir,
    keyStrength: a.openings.length ? 0.3 : 0.2,
  });
  if (sun) cutSunPatch(shadeMap, sun, rw, floorRow, rugCover);
  span('floor-shading');
  opts.onRendered?.();
  await check();
  const out = composite(img, layers, shadeMap, photo.grain, photo.room.seed, opts.into);
  span('composite');
  const bleed = bleedMap(layers, floorRow);
  if (bleed) applyBleed(out.image, out.mask, bleed, rw, rh);
  span('bleed');
  if (photo.look) await requantize(out.image, out.mask, photo.look);
  span('jpeg-look');
  return out;
}

/** The room as seen in a copy of the photo `k` times its size (a preview): pixels scale, metres do not. */
function scaled(a: RenderRoom, width: number, height: number, k: number): RenderRoom {
  const c = a.camera;
  return {
    ...a,
    width,
    height,
    camera: { ...c, width, height, f: c.f * k, cx: c.cx * k, cy: c.cy * k },
    floorImage: a.floorImage.map(([u, v]) => [u * k, v * k]),
    openings: a.openings.map((o) => ({ ...o, x0: o.x0 * k, y0: o.y0 * k, x1: o.x1 * k, y1: o.y1 * k })),
  };
}

function floorRows(a: RenderRoom, rw: number, scale: number): Float32Array {
  const rows = new Float32Array(rw);
  const pts = a.floorImage.slice(1, -1);
  let j = 0;
  for (let x = 0; x < rw; x++) {
    const u = (x + 0.5) / scale;
    while (j < pts.length - 2 && pts[j + 1]![0] < u) j++;
    const [u0, v0] = pts[j]!;
    const [u1, v1] = pts[Math.min(pts.length - 1, j + 1)]!;
    const t = u1 > u0 ? clamp((u - u0) / (u1 - u0), 0, 1) : 0;
    rows[x] = (v0 + (v1 - v0) * t) * scale;
  }
  return rows;
}

/** Alpha of a premultiplied RGBA layer, or null when nothing covers it. */
function coverage(layer: Float32Array): Float32Array | null {
  const n = layer.length / 4;
  const out = new Float32Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    const a = layer[i * 4 + 3]!;
    if (a > 0) {
      out[i] = a;
      any = true;
    }
  }
  return any ? out : null;
}
