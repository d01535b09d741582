// A fake Gemini API: a real HTTP server speaking `POST /v1beta/models/{model}:generateContent` with
// Google's JSON wire format, so tests drive the real @google/genai SDK through httpOptions.baseUrl.
// Replies are scripted per request (a queue) with an image answer as the default.
import type http from 'node:http';
import sharp from 'sharp';
import { replyQueue, sendJson as sendJsonAs, startFakeServer, type FakeRequest } from './fake-server.ts';
import { GEMINI_MODELS, liveModel } from './provider-models.ts';

export interface RecordedRequest {
  model: string;
  apiKey: string | undefined;
  /** The parsed JSON body exactly as the SDK sent it. */
  body: GeminiRequestBody;
  /** All text parts of the request, joined by newlines. */
  prompt: string;
  images: { mimeType: string; data: Buffer }[];
}

export interface GeminiRequestBody {
  contents?: { role?: string; parts?: WirePart[] }[];
  generationConfig?: {
    responseModalities?: string[];
    imageConfig?: { aspectRatio?: string };
    responseMimeType?: string;
    responseSchema?: unknown;
    seed?: number;
  };
}

interface WirePart {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
}

export type FakeReply =
  /** The input image with drawn "furniture", optionally resized, after optional thought/text/draft parts. */
  | {
      kind: 'image';
      size?: { width: number; height: number };
      thoughtImage?: boolean;
      /** An earlier non-thought image part (solid cyan) before the final one. */
      draftImage?: boolean;
      text?: string[];
    }
  | { kind: 'text'; text: string; finishReason?: string }
  | { kind: 'error'; status: number; message?: string; retryDelay?: string }
  | { kind: 'hang' }
  /** A free-tier key: 429 with `limit: 0` (no quota at all for this model). */
  | { kind: 'free-tier' }
  | { kind: 'blocked'; blockReason: string }
  | { kind: 'finish'; finishReason: string; text?: string }
  | { kind: 'raw'; status: number; body: string; contentType?: string };

/** Solid colours of the parts that must NOT be chosen, so tests can tell them apart. */
export const THOUGHT_COLOUR = { r: 255, g: 0, b: 255 };
export const DRAFT_COLOUR = { r: 0, g: 255, b: 255 };
/** The drawn sofa: a rectangle in the lower middle of the image, in this colour. */
export const SOFA_COLOUR = { r: 150, g: 40, b: 30 };
export const SOFA_BOX = { left: 0.3, top: 0.62, width: 0.4, height: 0.2 };

export interface FakeGemini {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Model ids asked for with models.get. */
  retrieved: string[];
  /** Queue replies for the next requests, in order; when the queue is empty the default image reply is used. */
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;
const MODEL_PATH = /^\/v1beta\/models\/([^/:]+)$/;

const notFound = (model: string) =>
  googleError(
    404,
    `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
  );

const freeTierBody = (model: string) =>
  googleError(
    429,
    `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to the Gemini API rate-limit documentation.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 0, model: ${model}`,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          {
            quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
            quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
            quotaDimensions: { location: 'global', model },
          },
        ],
      },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '26s' },
    ],
  );

/** What the real API refuses before generating: an unknown or retired model, an image asked of a text model. */
function refusal(model: string, body: GeminiRequestBody) {
  const known = liveModel(GEMINI_MODELS, model);
  if (!known) return { status: 404, body: notFound(model) };
  if (!known.image && body.generationConfig?.responseModalities?.includes('IMAGE'))
    return {
      status: 400,
      body: googleError(400, 'Multi-modal output is not supported.'),
    };
  if (!known.image && body.generationConfig?.imageConfig)
    return {
      status: 400,
      body: googleError(400, 'Invalid JSON payload received. Unknown name "imageConfig": not supported.'),
    };
  return null;
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) =>
  sendJsonAs(res, status, body, { 'content-type': 'application/json; charset=UTF-8' });

function googleError(status: number, message: string, details: unknown[] = []) {
  return { error: { code: status, message, status: STATUS_WORDS[status] ?? 'UNKNOWN', details } };
}

const solidPng = async (c: { r: number; g: number; b: number }) =>
  (
    await sharp({ create: { width: 64, height: 64, channels: 3, background: c } })
      .png()
      .toBuffer()
  ).toString('base64');

/** The staged answer: the sent image with a sofa rectangle and a wall picture drawn on it. */
async function stagedPng(input: Buffer, size?: { width: number; height: number }): Promise<string> {
  const meta = await sharp(input).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const box = (x: number, y: number, bw: number, bh: number, c: { r: number; g: number; b: number }) => ({
    input: {
      create: {
        width: Math.max(1, Math.round(bw * w)),
        height: Math.max(1, Math.round(bh * h)),
        channels: 3 as const,
        background: c,
      },
    },
    left: Math.round(x * w),
    top: Math.round(y * h),
  });
  let img = sharp(input).composite([
    box(SOFA_BOX.left, SOFA_BOX.top, SOFA_BOX.width, SOFA_BOX.height, SOFA_COLOUR),
    box(0.45, 0.3, 0.1, 0.12, { r: 40, g: 90, b: 160 }),
  ]);
  if (size) img = sharp(await img.png().toBuffer()).resize(size.width, size.height, { fit: 'fill' });
  return (await img.png().toBuffer()).toString('base64');
}

async function imageReply(reply: Extract<FakeReply, { kind: 'image' }>, req: RecordedRequest) {
  const input = req.images[0]?.data;
  if (!input) return { status: 400, body: googleError(400, 'An image is required for image editing.') };
  const parts: WirePart[] = [];
  if (reply.thoughtImage)
    parts.push({
      inlineData: { mimeType: 'image/png', data: await solidPng(THOUGHT_COLOUR) },
      thought: true,
    });
  for (const text of reply.text ?? []) parts.push({ text });
  if (reply.draftImage)
    parts.push({ inlineData: { mimeType: 'image/png', data: await solidPng(DRAFT_COLOUR) } });
  parts.push({ inlineData: { mimeType: 'image/png', data: await stagedPng(input, reply.size) } });
  return { status: 200, body: candidateBody(parts, 'STOP') };
}

function candidateBody(parts: WirePart[] | null, finishReason: string) {
  return {
    candidates: [{ ...(parts ? { content: { role: 'model', parts } } : {}), finishReason, index: 0 }],
    usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 1290, totalTokenCount: 2580 },
    modelVersion: 'fake',
    responseId: 'fake-response',
  };
}

function record(model: string, apiKey: string | undefined, body: GeminiRequestBody): RecordedRequest {
  const parts = (body.contents ?? []).flatMap((c) => c.parts ?? []);
  return {
    model,
    apiKey,
    body,
    prompt: parts.flatMap((p) => (p.text === undefined ? [] : [p.text])).join('\n'),
    images: parts.flatMap((p) =>
      p.inlineData?.data
        ? [{ mimeType: p.inlineData.mimeType ?? '', data: Buffer.from(p.inlineData.data, 'base64') }]
        : [],
    ),
  };
}

export async function startFakeGemini(apiKey = 'fake-gemini-key'): Promise<FakeGemini> {
  const requests: RecordedRequest[] = [];
  const retrieved: string[] = [];
  const replies = replyQueue<FakeReply>({ kind: 'image' });

  const handle = async (req: FakeRequest, res: http.ServerResponse) => {
    const match = PATH.exec(req.url.pathname);
    const get = MODEL_PATH.exec(req.url.pathname);
    if (!(req.method === 'POST' && match) && !(req.method === 'GET' && get))
      return sendJson(res, 404, googleError(404, 'Not found.'));
    const key = req.headers['x-goog-api-key'];
    // Google answers a bad key with 400 INVALID_ARGUMENT, not 401.
    if (key !== apiKey)
      return sendJson(
        res,
        400,
        googleError(400, 'API key not valid. Please pass a valid API key.', [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ]),
      );
    if (get) {
      const id = decodeURIComponent(get[1]!);
      retrieved.push(id);
      const known = liveModel(GEMINI_MODELS, id);
      if (!known) return sendJson(res, 404, googleError(404, `models/${id} is not found.`));
      return sendJson(res, 200, {
        name: `models/${id}`,
        version: '001',
        displayName: id,
        inputTokenLimit: known.image ? 65_536 : 1_048_576,
        outputTokenLimit: known.image ? 32_768 : 65_536,
        supportedGenerationMethods: ['generateContent', 'countTokens', 'batchGenerateContent'],
      });
    }
    const recorded = record(
      decodeURIComponent(match?.[1] ?? ''),
      key,
      JSON.parse(req.body.toString('utf8')) as GeminiRequestBody,
    );
    requests.push(recorded);
    const refused = refusal(recorded.model, recorded.body);
    if (refused) return sendJson(res, refused.status, refused.body);

    const reply = replies.next();
    switch (reply.kind) {
      case 'image': {
        const { status, body } = await imageReply(reply, recorded);
        return sendJson(res, status, body);
      }
      case 'text':
        return sendJson(res, 200, candidateBody([{ text: reply.text }], reply.finishReason ?? 'STOP'));
      case 'error': {
        const details = reply.retryDelay
          ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: reply.retryDelay }]
          : [];
        return sendJson(
          res,
          reply.status,
          googleError(reply.status, reply.message ?? 'Fake provider error.', details),
        );
      }
      case 'hang':
        return; // never answered; close() destroys the socket
      case 'free-tier':
        return sendJson(res, 429, freeTierBody(recorded.model));
      case 'blocked':
        return sendJson(res, 200, {
          promptFeedback: { blockReason: reply.blockReason },
          usageMetadata: { promptTokenCount: 1290 },
        });
      case 'finish':
        return sendJson(
          res,
          200,
          candidateBody(reply.text === undefined ? null : [{ text: reply.text }], reply.finishReason),
        );
      case 'raw':
        res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
        return res.end(reply.body);
    }
  };

  const server = await startFakeServer(handle, (err) => googleError(500, String(err)));
  return {
    baseUrl: server.origin,
    apiKey,
    requests,
    retrieved,
    enqueue: replies.enqueue,
    close: server.close,
  };
}
