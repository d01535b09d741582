// The `replicate` staging engine: a FLUX Kontext (instruction edit) or FLUX Fill (image + mask
// inpainting) prediction, created with `Prefer: wait` and polled when the model takes longer, then
// its output URL downloaded. The model id comes from config; ids containing "fill" take the mask.
import Replicate from 'replicate';
import type { StageRequest } from '#server/engines/types.ts';
import { transportError, withCause } from '#server/engines/remote/errors.ts';
import { decodeResult, encodeJpeg, encodeMask } from '#server/engines/remote/images.ts';
import { NO_IMAGE_MESSAGE } from '#server/engines/remote/messages.ts';
import { editPrompt } from '#server/engines/remote/prompts.ts';
import { RemoteEngine, withDeadline, type EditResult } from '#server/engines/remote/remote-engine.ts';
import type { EditInput } from '#server/engines/remote/staged.ts';
import { AppError } from '#server/lib/errors.ts';
import { firstOutputUrl, onceFailedFetch, type PredictionLike } from './prediction.ts';
import { mapReplicateError, predictionFailed } from './replicate-errors.ts';

export interface ReplicateEngineOptions {
  apiToken: string;
  /** Only for tests and proxies; https://api.replicate.com/v1 otherwise. */
  baseUrl?: string | undefined;
  /** `owner/name` (official models) or `owner/name:version`. */
  model: string;
  /** Whole prediction, from create to downloaded image. */
  timeoutMs: number;
  pollIntervalMs: number;
}

// FLUX makes about 1 MP; a larger upload only costs bandwidth (and data URIs are sent inline).
const MAX_EDGE = 1440;
// Replicate holds a `Prefer: wait` request open for at most 60 s.
const MAX_WAIT_S = 60;
// The cancel is sent after the call's own deadline has passed, so it gets a short one of its own.
const CANCEL_TIMEOUT_MS = 5000;
const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export const modelKind = (model: string): 'fill' | 'kontext' => (/fill/i.test(model) ? 'fill' : 'kontext');

const dataUri = (bytes: Uint8Array, type: string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

export class ReplicateEngine extends RemoteEngine {
  readonly id = 'replicate';
  readonly #opts: ReplicateEngineOptions;

  constructor(opts: ReplicateEngineOptions) {
    super({ provider: 'Replicate', maxEdge: MAX_EDGE, masked: modelKind(opts.model) === 'fill' });
    this.#opts = opts;
  }

  async #input(input: EditInput, req: StageRequest): Promise<Record<string, unknown>> {
    const prompt = editPrompt(req.roomType, req.style, input.declutter);
    const image = dataUri(await encodeJpeg(input.frame), 'image/jpeg');
    const common = { prompt, seed: req.variant, output_format: 'png' };
    if (this.upload.masked) {
      return {
        ...common,
        image,
        mask: dataUri(await encodeMask(input.mask!, 'white-editable'), 'image/png'),
      };
    }
    return { ...common, input_image: image, aspect_ratio: 'match_input_image' };
  }

  protected async edit(input: EditInput, req: StageRequest): Promise<EditResult> {
    const signal = withDeadline(req.signal, this.#opts.timeoutMs);
    const deadline = Date.now() + this.#opts.timeoutMs;
    // A fresh client per call: the fetch wrapper's memory of a failed answer must not outlive it.
    const client = this.#client();
    const [model, version] = this.#opts.model.split(':');
    let prediction: PredictionLike = {};
    try {
      const data = await this.#input(input, req);
      const wait = Math.max(1, Math.min(MAX_WAIT_S, Math.floor(this.#opts.timeoutMs / 1000)));
      prediction = await (version
        ? client.predictions.create({ version, input: data, wait, signal })
        : client.predictions.create({ model: model!, input: data, wait, signal }));
      while (!TERMINAL.has(String(prediction.status))) {
        if (typeof prediction.id !== 'string') throw new SyntaxError('prediction without an id');
        if (Date.now() + this.#opts.pollIntervalMs > deadline)
          throw new DOMException('poll deadline', 'TimeoutError');
        await new Promise((r) => setTimeout(r, this.#opts.pollIntervalMs));
        prediction = await client.predictions.get(prediction.id, { signal });
      }
    } catch (err) {
      // Timed out or cancelled after the prediction started: stop it so it is not billed to the end.
      if (typeof prediction.id === 'string') {
        // Its own client: after a 429 the call's client would replay that answer instead of sending this.
        await this.#client()
          .predictions.cancel(prediction.id, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) })
          .catch(() => undefined);
      }
      throw mapReplicateError(err, req.signal);
    }
    if (
      prediction.status === 'failed' ||
      prediction.status === 'canceled' ||
      prediction.status === 'aborted'
    ) {
      throw predictionFailed(prediction.status === 'failed' ? 'failed' : 'canceled', prediction.error);
    }
    const url = firstOutputUrl(prediction.output);
    if (!url)
      throw withCause(
        new AppError('unprocessable', NO_IMAGE_MESSAGE),
        'Replicate prediction without an output URL',
      );
    const image = await decodeResult(await this.#download(url, signal, req.signal), this.upload.provider);
    return { image, notes: [`Staged by ${this.#opts.model} on Replicate.`] };
  }

  #client(): Replicate {
    return new Replicate({
      auth: this.#opts.apiToken,
      ...(this.#opts.baseUrl ? { baseUrl: this.#opts.baseUrl } : {}),
      fetch: onceFailedFetch(),
      useFileOutput: false,
    });
  }

  async #download(url: string, signal: AbortSignal, callerSignal: AbortSignal): Promise<Uint8Array> {
    try {
      const res = await fetch(url, { signal });
      if (!res.ok)
        throw withCause(
          new AppError('unprocessable', NO_IMAGE_MESSAGE),
          `Replicate output HTTP ${res.status}`,
        );
      return new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      throw transportError('Replicate output', err, callerSignal);
    }
  }
}
