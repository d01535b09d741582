// The delivery guarantees asserted by engine:eval and engine:perturb on every delivered image: the
// photo's exact size, no uncovered border or wedge in the drawn pixels (none the model's own image does
// not have at that place, and no band along a whole side), and, for an aligned drawing,
// no stretch of the model's pixels and no turn the edges did not confirm (the same pure checks the
// guard and the worker run: server/engines/guard/delivery-check.ts).
import {
  borderRuns,
  drawnFrom,
  renderDelivery,
  trimmedCover,
  uncoveredBorders,
  warpProblems,
  type GuardResult,
  type Rendered,
} from '#server/engines/guard/index.ts';
import type { RawImage } from '#server/engines/types.ts';

/** What the delivered picture breaks; empty when it keeps every guarantee. */
export function deliveryFailures(photo: RawImage, g: GuardResult, d: Rendered): string[] {
  const out: string[] = [];
  if (d.image.width !== photo.width || d.image.height !== photo.height)
    out.push(`size ${d.image.width}x${d.image.height}`);
  const p = g.plan.render;
  // A flat run counts where the drawing shows what the model's image does not have there (or drew
  // from outside it), or where it runs along a whole side (a letterbox, whoever painted it).
  const source = drawnFrom(p, g.output, photo.width, photo.height);
  for (const b of uncoveredBorders(d.image, photo, source)) out.push(`uncovered ${b.side} ${b.depth}px`);
  if (p.kind === 'cover') return out;
  const a = g.alignment;
  const geometry = warpProblems({
    W: photo.width,
    H: photo.height,
    modelWidth: g.output.width,
    modelHeight: g.output.height,
    affine: p.affine,
    w: p.work.width,
    h: p.work.height,
    zoom: p.kind === 'model' ? p.zoom : 1,
    squeezed: a.squeezed,
    turnConfirmed: Math.abs(a.rotation) < 0.1 || a.turnConfirmed,
  });
  // A recomposition draws the photo's own pixels wherever the model's image does not reach.
  for (const x of geometry) if (x !== 'uncovered' || p.kind === 'model') out.push(x);
  return out;
}

/**
 * What the worker would store: the drawn plan if it keeps every guarantee, else (as
 * encodeCheckedDelivery does) the cover drawing. `drawn` lists what the plan's own drawing broke.
 */
export async function storedFailures(
  photo: RawImage,
  g: GuardResult,
  d: Rendered,
): Promise<{ drawn: string[]; stored: string[]; fellBack: boolean }> {
  const drawn = deliveryFailures(photo, g, d);
  if (!drawn.length) return { drawn, stored: drawn, fellBack: false };
  const render = await trimmedCover(photo, g.output, borderRuns(photo));
  const cover = await renderDelivery(photo, g.output, render);
  const asCover = { ...g, plan: { ...g.plan, render } };
  return { drawn, stored: deliveryFailures(photo, asCover, cover), fellBack: true };
}
