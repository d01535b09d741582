// The delivered JPEG, checked before anyone stores it: drawn from the plan, decoded again and
// scanned for an uncovered border or wedge (border-scan.ts) and for the photo's exact size. A
// result that fails is drawn once more as the model's own image scaled to cover the frame, which
// keeps every guarantee by construction, and the finding is returned for the guard's report.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import {
  borderRuns,
  uncoveredBorders,
  type BorderFinding,
  type BorderRuns,
  type DrawnSource,
} from './border-scan.ts';
import { drawnFrom } from './drawn-from.ts';
import type { DeliveryPlan } from './plan.ts';
import { encodeDelivery, trimmedCover, type EncodeOptions } from './render.ts';

export interface CheckedDelivery {
  /** JPEG at the photo's exact size. */
  image: Uint8Array;
  /** What the first drawing broke (empty when it was delivered as planned). */
  borders: BorderFinding[];
  wrongSize: boolean;
  /** The plan's drawing was replaced by the cover drawing. */
  fellBack: boolean;
  /** One sentence for the guard's report when it fell back, else null. */
  note: string | null;
}

async function scan(jpeg: Uint8Array, W: number, H: number, photo: BorderRuns, source?: DrawnSource) {
  // A full decode: about 60 ms of CPU for 12 MP, a fifth of the guard's analysis.
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const wrongSize = info.width !== W || info.height !== H || info.channels !== 3;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const pixels = { width: info.width, height: info.height, data: bytes };
  return { wrongSize, borders: wrongSize ? [] : uncoveredBorders(pixels, photo, source) };
}

/** encodeDelivery, then the pixel check, then (only if it failed) the cover drawing. */
export async function encodeCheckedDelivery(
  input: RawImage,
  output: RawImage,
  plan: DeliveryPlan,
  opts: EncodeOptions & {
    /** borderRuns(input), when the caller keeps them for this photo (the arrange worker's saves). */
    photoBorders?: BorderRuns;
  },
): Promise<CheckedDelivery> {
  const { width: W, height: H } = input;
  // The photo's own edge runs, taken before a recomposition blends into its pixels.
  const photo = opts.photoBorders ?? borderRuns(input);
  const image = await encodeDelivery(input, output, plan.render, opts);
  // A flat run is judged against what the plan drew there from the model's image, too.
  const first = await scan(image, W, H, photo, drawnFrom(plan.render, output, W, H));
  if (!first.wrongSize && first.borders.length === 0) return { image, ...first, fellBack: false, note: null };
  // The cover drawing is the model's own pixels, uniformly scaled, less any flat band it painted along
  // its own edge (trimmedCover); a cover plan that still fails is the model's own image, delivered as it
  // is with the finding reported, never a failed job.
  const cover = await trimmedCover(input, output, photo);
  if (plan.render.kind === 'cover') {
    if (!cover.trim || first.wrongSize)
      return {
        image,
        ...first,
        fellBack: false,
        note: `The delivery check found ${first.wrongSize ? 'a wrong size' : 'a flat border'} in the AI's own image, delivered as it is.`,
      };
    const trimmed = await encodeDelivery(input, output, cover, { mark: opts.mark });
    return {
      image: trimmed,
      ...first,
      fellBack: false,
      note: `Cut a flat band the AI painted along its image's edge.`,
    };
  }
  const drawn = await encodeDelivery(input, output, cover, { mark: opts.mark });
  const what = first.wrongSize
    ? 'it did not have the photo’s exact size'
    : `it left ${first.borders.map((b) => `the ${b.side} edge (${b.depth} px deep)`).join(', ')} uncovered`;
  return {
    image: drawn,
    ...first,
    fellBack: true,
    note: `Delivered the AI's own image scaled to cover the frame and centre-cropped: the aligned drawing failed the delivery check (${what}).`,
  };
}
