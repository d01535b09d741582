// The `gemini` staging engine: one image-edit call with the preserve prompt for stage(), one
// JSON-constrained text call for identify(). SDK types stay in this folder; callers see only the
// StagingEngine contract and AppErrors.
import {
  GoogleGenAI,
  Modality,
  type GenerateContentParameters,
  type GenerateContentResponse,
} from '@google/genai';
import sharp from 'sharp';
import { AppError } from '#server/lib/errors.ts';
import type {
  Identification,
  RoomImage,
  StageRequest,
  Staged,
  StagingEngine,
} from '#server/engines/types.ts';
import { decodeResult } from '#server/engines/remote/images.ts';
import { nearestAspectRatio } from './aspect-ratio.ts';
import { identifyAnswer, identifyResponseSchema } from './identify-schema.ts';
import { IDENTIFY_PROMPT, stagePrompt } from './prompts.ts';
import { BAD_ANSWER_MESSAGE, mapProviderError } from './provider-errors.ts';
import { answerText, finalImage } from './response.ts';

export interface GeminiEngineOptions {
  apiKey: string;
  /** Only for tests and proxies; the SDK's default endpoint otherwise. */
  baseUrl?: string;
  imageModel: string;
  textModel: string;
  /** Per request; image edits usually take 10-30 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 90_000;
// The model outputs about 1 megapixel whatever it is sent, so larger uploads only cost bandwidth.
const STAGE_MAX_EDGE = 2048;
const IDENTIFY_MAX_EDGE = 768;
// The provider gives no score of its own; the structure guard's score is the confidence that counts.
const ENGINE_CONFIDENCE = 0.7;
// Below this the model's room type is ignored and the user's choice stands.
const ROOM_TYPE_MIN_CONFIDENCE = 0.6;

async function jpegForUpload(img: RoomImage, maxEdge: number): Promise<string> {
  if (img.format === 'jpeg' && Math.max(img.width, img.height) <= maxEdge) {
    return Buffer.from(img.bytes).toString('base64');
  }
  const out = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
  return out.toString('base64');
}

function rejectedReason(isInterior: boolean): string {
  return isInterior
    ? 'This room already looks furnished or cannot be staged. Please upload a photo of an empty room.'
    : 'This does not look like a photo of a room. Please upload a photo of an empty interior.';
}

export class GeminiEngine implements StagingEngine {
  readonly id = 'gemini';
  readonly #ai: GoogleGenAI;
  readonly #opts: GeminiEngineOptions;

  constructor(opts: GeminiEngineOptions) {
    this.#opts = opts;
    this.#ai = new GoogleGenAI({
      apiKey: opts.apiKey,
      // Explicit, so a stray GOOGLE_GENAI_USE_VERTEXAI in the environment cannot switch backends.
      vertexai: false,
      httpOptions: {
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
      },
    });
  }

  async #call(params: GenerateContentParameters, signal?: AbortSignal): Promise<GenerateContentResponse> {
    if (signal?.aborted) throw mapProviderError(signal.reason, signal);
    try {
      return await this.#ai.models.generateContent({
        ...params,
        config: { ...params.config, abortSignal: signal },
      });
    } catch (err) {
      throw mapProviderError(err, signal);
    }
  }

  async stage(img: RoomImage, req: StageRequest): Promise<Staged> {
    const model = this.#opts.imageModel;
    const res = await this.#call(
      {
        model,
        contents: [
          {
            role: 'user',
            parts: [
              { inlineData: { mimeType: 'image/jpeg', data: await jpegForUpload(img, STAGE_MAX_EDGE) } },
              { text: stagePrompt(req.roomType, req.style) },
            ],
          },
        ],
        config: {
          responseModalities: [Modality.IMAGE, Modality.TEXT],
          imageConfig: { aspectRatio: nearestAspectRatio(img.width, img.height) },
          // Same variant, same seed: as repeatable as the provider allows.
          seed: req.variant,
        },
      },
      req.signal,
    );
    const image = await decodeResult(finalImage(res), 'Gemini');
    return {
      // The model's own size; the structure guard resizes it to the input's and reports any re-framing.
      image,
      // The guard computes the real change mask; the model does not report one.
      furnitureMask: new Uint8Array(image.width * image.height),
      engineConfidence: ENGINE_CONFIDENCE,
      notes: [`Staged by ${model}.`],
    };
  }

  async identify(img: RoomImage): Promise<Identification> {
    const res = await this.#call({
      model: this.#opts.textModel,
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/jpeg', data: await jpegForUpload(img, IDENTIFY_MAX_EDGE) } },
            { text: IDENTIFY_PROMPT },
          ],
        },
      ],
      config: { responseMimeType: 'application/json', responseSchema: identifyResponseSchema },
    });
    let json: unknown;
    try {
      json = JSON.parse(answerText(res));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('unavailable', BAD_ANSWER_MESSAGE);
    }
    const parsed = identifyAnswer.safeParse(json);
    if (!parsed.success) throw new AppError('unavailable', BAD_ANSWER_MESSAGE);
    const a = parsed.data;
    const isValid = a.isInterior && a.isEmptyOrStageable;
    return {
      isValid,
      reason: isValid ? null : rejectedReason(a.isInterior),
      roomType: a.roomType !== 'unknown' && a.confidence >= ROOM_TYPE_MIN_CONFIDENCE ? a.roomType : null,
      confidence: a.confidence,
      issues: [],
    };
  }
}
