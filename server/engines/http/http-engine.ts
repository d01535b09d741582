// The `http` staging engine: the self-hosted contract for operators running their own GPU model.
// One multipart POST (image, mask, prompt, style, roomType, seed, declutter) answered by the image
// itself. The contract is documented in README.md ("Self-hosted HTTP engine"); this file and the
// fake in tests/fakes/staging-http-server.ts are its reference.
import type {
  Identification,
  RoomImage,
  StageRequest,
  Staged,
  StagingEngine,
} from '#server/engines/types.ts';
import {
  retryAfterSeconds,
  safetyBlocked,
  statusError,
  transportError,
  withCause,
} from '#server/engines/remote/errors.ts';
import { decodeResult, encodeJpeg, encodeMask } from '#server/engines/remote/images.ts';
import { NO_IMAGE_MESSAGE } from '#server/engines/remote/messages.ts';
import { editPrompt } from '#server/engines/remote/prompts.ts';
import { identifyLocally, prepareEdit, stagedAnswer } from '#server/engines/remote/staged.ts';
import { AppError } from '#server/lib/errors.ts';

export interface HttpEngineOptions {
  /** The endpoint that takes the POST. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  timeoutMs: number;
  /** Long side of the uploaded photo and mask. */
  maxEdge: number;
}

const PROVIDER = 'Self-hosted engine';
const IMAGE_TYPES = /^image\/(png|jpeg|webp)\b/i;

async function errorCode(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

export class HttpEngine implements StagingEngine {
  readonly id = 'http';
  readonly #opts: HttpEngineOptions;

  constructor(opts: HttpEngineOptions) {
    this.#opts = opts;
  }

  identify(img: RoomImage): Promise<Identification> {
    return identifyLocally(img);
  }

  async stage(img: RoomImage, req: StageRequest): Promise<Staged> {
    if (req.signal.aborted) throw transportError(PROVIDER, req.signal.reason, req.signal);
    const input = await prepareEdit(img, req, this.#opts.maxEdge, true);
    const [image, mask] = await Promise.all([
      encodeJpeg(input.frame),
      encodeMask(input.mask!, 'white-editable'),
    ]);
    const form = new FormData();
    form.set('image', new Blob([Buffer.from(image)], { type: 'image/jpeg' }), 'room.jpg');
    form.set('mask', new Blob([Buffer.from(mask)], { type: 'image/png' }), 'mask.png');
    form.set('prompt', editPrompt(req.roomType, req.style, input.declutter));
    form.set('style', req.style);
    form.set('roomType', req.roomType);
    form.set('seed', String(req.variant));
    form.set('declutter', String(input.declutter));
    const signal = AbortSignal.any([req.signal, AbortSignal.timeout(this.#opts.timeoutMs)]);
    let bytes: Uint8Array;
    try {
      const res = await fetch(this.#opts.url, {
        method: 'POST',
        body: form,
        headers: {
          accept: 'image/png, image/jpeg',
          ...(this.#opts.token ? { authorization: `Bearer ${this.#opts.token}` } : {}),
        },
        signal,
      });
      if (!res.ok) {
        const code = await errorCode(res);
        if (code === 'safety_blocked') throw safetyBlocked(`${PROVIDER} HTTP ${res.status} safety_blocked`);
        throw statusError(
          PROVIDER,
          res.status,
          retryAfterSeconds((n) => res.headers.get(n)),
          code,
        );
      }
      const type = res.headers.get('content-type') ?? '';
      if (!IMAGE_TYPES.test(type)) {
        await res.body?.cancel();
        throw withCause(
          new AppError('unprocessable', NO_IMAGE_MESSAGE),
          `${PROVIDER} answered ${type || 'no content type'}`,
        );
      }
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      throw transportError(PROVIDER, err, req.signal);
    }
    const out = await decodeResult(bytes, PROVIDER);
    return stagedAnswer(out, input, ['Staged by the self-hosted engine.']);
  }
}
