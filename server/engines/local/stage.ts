// stage(): analyse the photo, fit the room type's template to the measured floor, build the
// style's furniture, render it lit like the photo and composite it over the original.
import type { RawImage, StageRequest, Staged } from '#server/engines/types.ts';
import type { RoomAnalysis } from './analysis/analyze.ts';
import { clamp } from './geometry/vec.ts';
import { mainPieces } from './plan-layout.ts';
import { planStaging } from './plan-staging.ts';
import { applyOcclusion } from './render/ambient-occlusion.ts';
import { flatGrain, measureGrain } from './render/camera-grain.ts';
import { applyBleed, bleedMap } from './render/colour-bleed.ts';
import { composite } from './render/compositor.ts';
import { jpegLook, requantize, roundTripWorthIt } from './render/jpeg-match.ts';
import { photoLighting, windowLight } from './render/photo-light.ts';
import { matchSoftness, photoBlurSigma } from './render/photo-match.ts';
import { rasterize } from './render/rasterizer.ts';
import { addReflection, floorGloss } from './render/reflection.ts';
import { buildScene } from './render/scene.ts';
import { shade } from './render/shading.ts';
import { floorShading } from './render/shadows.ts';
import { wallOcclusion } from './render/wall-occlusion.ts';
import { loadScans } from './render/textures.ts';

export interface StageOptions {
  /** Cap on render pixels (before 2x2 supersampling); larger photos are rendered smaller and upsampled. */
  maxRenderPixels?: number;
  /** Receives the duration of each phase in milliseconds (for the benchmark). */
  onPhase?: (phase: 'analysis' | 'layout' | 'render' | 'composite', ms: number) => void;
}

export type StageInput = Omit<StageRequest, 'signal'> & { signal?: AbortSignal };

export async function stageImage(img: RawImage, req: StageInput, opts: StageOptions = {}): Promise<Staged> {
  // Yielding between phases lets timers (a request timeout) fire and abort the signal.
  const check = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (req.signal?.aborted) throw req.signal.reason ?? new Error('Staging aborted');
  };
  await check();
  let t0 = performance.now();
  const phase = (name: 'analysis' | 'layout' | 'render' | 'composite') => {
    const t = performance.now();
    opts.onPhase?.(name, t - t0);
    t0 = t;
  };
  const plan = await planStaging(img, req, () => phase('analysis'));
  const { analysis, items, spec, seed, rng } = plan;
  const notes: string[] = [];
  if (plan.simplified) notes.push('Little free floor was found; the layout was simplified.');
  if (analysis.fallbackCamera) notes.push('Room geometry was unclear; a default camera was assumed.');
  phase('layout');
  await check();

  const renderScale = Math.min(1, Math.sqrt((opts.maxRenderPixels ?? 1_200_000) / (img.width * img.height)));
  // At least 2 x 2: the compositor blends pairs of render rows and columns.
  const rw = Math.max(2, Math.round(img.width * renderScale));
  const rh = Math.max(2, Math.round(img.height * renderScale));
  const scene = buildScene(items, spec, rng, analysis.camera, renderScale);
  const vis = rasterize(scene, rw, rh, 2);
  await check();
  const scans = await loadScans();
  const light = photoLighting(img, analysis, scans, analysis.camera.f * renderScale);
  const layers = shade(scene, vis, light);
  applyOcclusion(layers, analysis.camera, renderScale);
  const floorRow = floorRows(analysis, rw, renderScale);
  const fullRows = floorRows(analysis, img.width, 1);
  const gloss = floorGloss(img, analysis, (x) => fullRows[clamp(Math.round(x), 0, img.width - 1)]!);
  addReflection(layers, scene, analysis, renderScale, gloss, floorRow, (mirror, w, h) =>
    shade(mirror, rasterize(mirror, w, h, 1), light),
  );
  matchSoftness(layers, photoBlurSigma(img), renderScale);
  const shadeMap = floorShading(scene, items, {
    cam: analysis.camera,
    renderScale,
    width: rw,
    height: rh,
    light: analysis.lightDir,
    strength: analysis.openings.length ? 0.42 : 0.3,
    floorRow,
    window: windowLight(analysis),
  });
  wallOcclusion(shadeMap, items, {
    cam: analysis.camera,
    renderScale,
    width: rw,
    height: rh,
    floorRoom: analysis.floorRoom,
    floorImage: analysis.floorImage,
    floorRow,
  });
  phase('render');
  await check();
  const grain = measureGrain(img) ?? flatGrain(analysis.tone.noise);
  const out = composite(img, layers, shadeMap, grain, seed);
  const bleed = bleedMap(layers, floorRow);
  if (bleed) applyBleed(out.image, out.mask, bleed, rw, rh);
  // A JPEG photo's compression is part of its look: the rendered pixels go through it too.
  const bytes = 'bytes' in img && img.bytes instanceof Uint8Array ? img.bytes : null;
  const look = bytes ? jpegLook(bytes) : null;
  if (look && roundTripWorthIt(look, img.width * img.height)) await requantize(out.image, out.mask, look);
  phase('composite');
  const core = plan.groups[0]!.items.filter((it) => !it.optional).length;
  const placedCore = mainPieces(items);
  const engineConfidence = clamp(
    analysis.confidence * (0.5 + 0.5 * Math.min(1, placedCore / Math.max(1, core - 1))),
    0,
    1,
  );
  return { image: out.image, furnitureMask: out.mask, engineConfidence, notes, placement: plan.placement };
}

function floorRows(a: RoomAnalysis, rw: number, scale: number): Float32Array {
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
