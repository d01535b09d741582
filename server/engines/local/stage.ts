// stage(): analyse the photo, fit the room type's template to the measured floor, build the
// style's furniture, render it lit like the photo and composite it over the original.
import type { RawImage, StageRequest, Staged } from '#server/engines/types.ts';
import { renderLayout } from './arrange/render-layout.ts';
import { piecesOf, roomModelOf } from './arrange/room-model.ts';
import { clamp } from './geometry/vec.ts';
import { mainPieces } from './plan-layout.ts';
import { planStaging } from './plan-staging.ts';

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
  const { analysis, items, spec, seed } = plan;
  const notes: string[] = [];
  if (plan.simplified) notes.push('Little free floor was found; the layout was simplified.');
  if (analysis.fallbackCamera) notes.push('Room geometry was unclear; a default camera was assumed.');
  // The layout as stored (issue 31): rendered from the stored form, so the agent's first re-render
  // of an unchanged arrangement gives this very picture.
  const layout = {
    room: roomModelOf(plan, req.furnitureSet),
    pieces: piecesOf(items, seed, req.furnitureSet),
  };
  phase('layout');
  await check();
  const out = await renderLayout(img, layout.room, layout.pieces, spec, {
    ...(opts.maxRenderPixels === undefined ? {} : { maxRenderPixels: opts.maxRenderPixels }),
    check,
    onRendered: () => phase('render'),
  });
  phase('composite');
  const core = plan.groups[0]!.items.filter((it) => !it.optional).length;
  const placedCore = mainPieces(items);
  const engineConfidence = clamp(
    analysis.confidence * (0.5 + 0.5 * Math.min(1, placedCore / Math.max(1, core - 1))),
    0,
    1,
  );
  return {
    image: out.image,
    furnitureMask: out.mask,
    engineConfidence,
    notes,
    placement: plan.placement,
    layout,
  };
}
