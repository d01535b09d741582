// The `openai` staging engine: one image edit (`gpt-image-2` by default) with the photo and a mask
// of the floor and furniture zone. OpenAI documents GPT Image masks as prompt-based guidance, not a
// hard boundary: the structure guard, not the mask, is what keeps walls and openings. The photo is padded to the output's aspect and the answer cropped back (letterbox.ts).
// SDK types stay in this folder; callers see the StagingEngine contract and AppErrors.
import OpenAI, { toFile } from 'openai';
import type { StageRequest } from '#server/engines/types.ts';
import { withCause } from '#server/engines/remote/errors.ts';
import { decodeResult, encodeMask, encodePng } from '#server/engines/remote/images.ts';
import { NO_IMAGE_MESSAGE } from '#server/engines/remote/messages.ts';
import { cropToBox, letterbox } from '#server/engines/remote/letterbox.ts';
import { editPrompt } from '#server/engines/remote/prompts.ts';
import { RemoteEngine, type EditResult } from '#server/engines/remote/remote-engine.ts';
import type { EditInput } from '#server/engines/remote/staged.ts';
import { AppError } from '#server/lib/errors.ts';
import { takesInputFidelity } from '#server/engines/provider-models.ts';
import { mapOpenAIError } from './openai-errors.ts';

export interface OpenAIEngineOptions {
  apiKey: string;
  /** Only for tests and proxies; the SDK's default endpoint otherwise. */
  baseUrl?: string | undefined;
  model: string;
  quality: 'low' | 'medium' | 'high' | 'auto';
  /** Per request; edits at high quality take 30-90 s. */
  timeoutMs: number;
}

// The largest output the GPT image models make; a larger upload only costs bandwidth.
const MAX_EDGE = 1536;
const SIZES = [
  ['1024x1024', 1],
  ['1536x1024', 1.5],
  ['1024x1536', 1 / 1.5],
] as const;

/** The output size nearest the photo's aspect ratio (log space, so portrait and landscape weigh alike). */
export function outputSize(width: number, height: number): (typeof SIZES)[number][0] {
  const target = Math.log(width / height);
  return SIZES.reduce((best, s) =>
    Math.abs(Math.log(s[1]) - target) < Math.abs(Math.log(best[1]) - target) ? s : best,
  )[0];
}

export class OpenAIEngine extends RemoteEngine {
  readonly id = 'openai';
  readonly #client: OpenAI;
  readonly #opts: OpenAIEngineOptions;

  constructor(opts: OpenAIEngineOptions) {
    super({ provider: 'OpenAI', maxEdge: MAX_EDGE, masked: true });
    this.#opts = opts;
    this.#client = new OpenAI({
      apiKey: opts.apiKey,
      ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
      timeout: opts.timeoutMs,
      maxRetries: 0,
      // Explicit, so OPENAI_ORG_ID / OPENAI_PROJECT_ID in the environment cannot change the account.
      organization: null,
      project: null,
    });
  }

  protected async edit(input: EditInput, req: StageRequest): Promise<EditResult> {
    const size = outputSize(input.frame.width, input.frame.height);
    const [ow, oh] = size.split('x').map(Number) as [number, number];
    const boxed = await letterbox(input.frame, input.mask!, ow / oh);
    const [image, mask] = await Promise.all([
      encodePng(boxed.image),
      encodeMask(boxed.mask, 'transparent-editable'),
    ]);
    let b64: string | undefined;
    try {
      const res = await this.#client.images.edit(
        {
          model: this.#opts.model,
          image: await toFile(image, 'room.png', { type: 'image/png' }),
          mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
          prompt: editPrompt(req.roomType, req.style, input.declutter),
          size,
          quality: this.#opts.quality,
          // Keep the photo's own detail (floor texture, light); only the models that take it are sent it.
          ...(takesInputFidelity(this.#opts.model) ? { input_fidelity: 'high' as const } : {}),
          output_format: 'png',
          n: 1,
        },
        { signal: req.signal },
      );
      b64 = res.data?.[0]?.b64_json;
    } catch (err) {
      throw mapOpenAIError(err, req.signal);
    }
    if (!b64)
      throw withCause(new AppError('unprocessable', NO_IMAGE_MESSAGE), 'OpenAI answered without b64_json');
    const staged = await cropToBox(await decodeResult(Buffer.from(b64, 'base64'), 'OpenAI'), boxed);
    // The API takes no seed: regenerations differ by chance, not by variant.
    return { image: staged, notes: [`Staged by ${this.#opts.model} (masked edit).`] };
  }
}
