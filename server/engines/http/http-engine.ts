// The `http` staging engine: the self-hosted contract for operators running their own GPU model.
// One multipart POST (image, mask, prompt, style, roomType, seed, declutter) answered by the image
// itself. The contract is documented in README.md ("Self-hosted HTTP engine"); this file and the
// fake in tests/fakes/staging-http-server.ts are its reference.
import type { StageRequest } from '#server/engines/types.ts';
import { responseError, safetyBlocked, transportError, withCause } from '#server/engines/remote/errors.ts';
import { decodeResult, encodeJpeg, encodeMask } from '#server/engines/remote/images.ts';
import { NO_IMAGE_MESSAGE } from '#server/engines/remote/messages.ts';
import { editPrompt } from '#server/engines/remote/prompts.ts';
import { RemoteEngine, withDeadline, type EditResult } from '#server/engines/remote/remote-engine.ts';
import type { EditInput } from '#server/engines/remote/staged.ts';
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

export class HttpEngine extends RemoteEngine {
  readonly id = 'http';
  readonly #opts: HttpEngineOptions;

  constructor(opts: HttpEngineOptions) {
    super({ provider: PROVIDER, maxEdge: opts.maxEdge, masked: true });
    this.#opts = opts;
  }

  protected async edit(input: EditInput, req: StageRequest): Promise<EditResult> {
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
    let bytes: Uint8Array;
    try {
      const res = await fetch(this.#opts.url, {
        method: 'POST',
        body: form,
        headers: {
          accept: 'image/png, image/jpeg',
          ...(this.#opts.token ? { authorization: `Bearer ${this.#opts.token}` } : {}),
        },
        signal: withDeadline(req.signal, this.#opts.timeoutMs),
      });
      if (!res.ok) {
        const code = await errorCode(res);
        if (code === 'safety_blocked') throw safetyBlocked(`${PROVIDER} HTTP ${res.status} safety_blocked`);
        throw responseError(PROVIDER, res.status, res.headers, code);
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
    return { image: await decodeResult(bytes, PROVIDER), notes: ['Staged by the self-hosted engine.'] };
  }
}
