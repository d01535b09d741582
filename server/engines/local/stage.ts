// stage(): analyse the photo, fit the room type's template to the measured floor, build the
// style's furniture, render it lit like the photo and composite it over the original.
import type { RawImage, StageRequest, Staged } from '#server/engines/types.ts';
import { analyze, type RoomAnalysis } from './analysis/analyze.ts';
import { downscale } from './analysis/pyramid.ts';
import { floorView, fromView } from './detect/floor-view.ts';
import { DETECT_SOURCE_SIDE, loadDetector } from './detect/model.ts';
import { horizonRow } from './geometry/camera.ts';
import { clamp } from './geometry/vec.ts';
import { obstaclesFrom } from './layout/occupancy.ts';
import { templateFor, type TemplateGroup } from './layout/templates.ts';
import { boxFloorFurnishesMore, frameShare, mainPieces, planLayout } from './plan-layout.ts';
import { applyOcclusion } from './render/ambient-occlusion.ts';
import { composite } from './render/compositor.ts';
import { photoLighting, windowLight } from './render/photo-light.ts';
import { matchSoftness, photoBlurSigma } from './render/photo-match.ts';
import { rasterize } from './render/rasterizer.ts';
import { addReflection, floorGloss } from './render/reflection.ts';
import { buildScene } from './render/scene.ts';
import { shade } from './render/shading.ts';
import { floorShading } from './render/shadows.ts';
import { loadScans } from './render/textures.ts';
import { createRng, hashString } from './rng.ts';
import { STYLE_SPECS } from './styles/styles.ts';

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
  let analysis = analyze(img);
  // What already stands on the floor (beds, sofas, appliances, people): new pieces keep off it.
  const detector = await loadDetector();
  // Portrait photos are looked at from the horizon down, where every floor contact is (detect/floor-view.ts).
  const { view, top } = floorView(
    downscale(img, DETECT_SOURCE_SIDE),
    horizonRow(analysis.camera) / img.height,
  );
  const obstacles = obstaclesFrom(fromView(detector.detect(view), top), img.width, img.height);
  phase('analysis');
  await check();
  const spec = STYLE_SPECS[req.style];
  const seed = hashString(`${pixelHash(img)}:${req.style}:${req.roomType}:${req.variant}`);
  const rng = createRng(seed);
  const groups = withExtras(templateFor(req.roomType, rng.chance(0.5) ? 0 : Math.PI / 2), spec.extraPlants);
  const layoutOpts = { seed, variant: req.variant, minimal: spec.minimal, obstacles };
  let plan = planLayout(analysis, groups, layoutOpts);
  // Kitchen units stand on the floor and a room box ignores them, so kitchens keep the colour floor.
  if ((plan.simplified || !mainPieces(plan.items)) && req.roomType !== 'kitchen') {
    // The colour-based floor left too little to furnish (a floor darkening down a corridor,
    // glossy tiles, sun patches): measure the floor as a room box and keep whichever furnishes more.
    const boxed = analyze(img, { boxFloor: true });
    const retry = planLayout(boxed, groups, layoutOpts);
    const better = boxFloorFurnishesMore(
      { main: mainPieces(plan.items), share: frameShare(analysis, plan.items) },
      { main: mainPieces(retry.items), share: frameShare(boxed, retry.items) },
    );
    if (better) {
      analysis = boxed;
      plan = retry;
    }
  }
  const { items } = plan;
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
  phase('render');
  await check();
  const out = composite(img, layers, shadeMap, analysis.tone.noise, seed);
  phase('composite');
  const core = groups[0]!.items.filter((it) => !it.optional).length;
  const placedCore = mainPieces(items);
  const engineConfidence = clamp(
    analysis.confidence * (0.5 + 0.5 * Math.min(1, placedCore / Math.max(1, core - 1))),
    0,
    1,
  );
  return { image: out.image, furnitureMask: out.mask, engineConfidence, notes };
}

/** Cheap content hash: enough to seed layouts per photo. */
function pixelHash(img: RawImage): string {
  let h = 0x811c9dc5;
  const step = Math.max(1, Math.floor(img.data.length / 65536));
  for (let i = 0; i < img.data.length; i += step) h = Math.imul(h ^ img.data[i]!, 0x01000193);
  return `${img.width}x${img.height}:${h >>> 0}`;
}

function withExtras(groups: TemplateGroup[], extraPlants: number): TemplateGroup[] {
  const plant = groups.find((g) => g.name === 'plant');
  if (!plant || !extraPlants) return groups;
  return [...groups, ...Array.from({ length: extraPlants }, () => plant)];
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
