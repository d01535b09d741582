// A fake OpenAI API: `POST /v1/images/edits` as multipart/form-data with OpenAI's JSON answers and
// error bodies, so tests drive the real `openai` SDK through baseURL. Replies are scripted per
// request (a queue) with a masked staging answer as the default.
import type http from 'node:http';
import sharp from 'sharp';
import { readForm, replyQueue, sendJson, startFakeServer, type FakeRequest } from './fake-server.ts';
import { liveModel, OPENAI_MODELS } from './provider-models.ts';
import { drawStaged, editablePlane, planePng } from './staged-drawing.ts';

export interface RecordedEdit {
  authorization: string | undefined;
  fields: Record<string, string>;
  image: { name: string; type: string; data: Buffer } | null;
  mask: { name: string; type: string; data: Buffer } | null;
}

export type OpenAIReply =
  | { kind: 'image'; size?: { width: number; height: number } }
  | {
      kind: 'error';
      status: number;
      code?: string | null;
      type?: string;
      message?: string;
      retryAfter?: string;
      retryAfterMs?: string;
    }
  | { kind: 'hang' }
  /** 403: the organisation is not verified for GPT Image models. */
  | { kind: 'unverified' }
  | { kind: 'raw'; status: number; body: string; contentType?: string };

export interface FakeOpenAI {
  baseUrl: string;
  apiKey: string;
  requests: RecordedEdit[];
  /** Model ids asked for with GET /v1/models/{id}. */
  retrieved: string[];
  enqueue(...replies: OpenAIReply[]): void;
  /** From now on the model is shut down: edits and GET /v1/models/{id} answer the real 404; undefined revives all. */
  retire(model: string | undefined): void;
  close(): Promise<void>;
}

const send = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => sendJson(res, status, body, { 'x-request-id': 'req_fake', ...headers });
const apiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

async function fileOf(form: FormData, name: string) {
  const f = form.get(name) ?? form.get(`${name}[]`);
  if (!(f instanceof File)) return null;
  return { name: f.name, type: f.type, data: Buffer.from(await f.arrayBuffer()) };
}

const modelNotFound = (model: string) => ({
  status: 404,
  body: apiError(
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'invalid_request_error',
    'model_not_found',
  ),
});

/** What the real API refuses before editing: an unknown or shut-down model, a parameter the model does not take. */
function refusal(rec: RecordedEdit, retired: Set<string>): { status: number; body: unknown } | null {
  const model = rec.fields.model ?? 'dall-e-2';
  const known = retired.has(model) ? undefined : liveModel(OPENAI_MODELS, model);
  if (!known) return modelNotFound(model);
  if (rec.fields.input_fidelity !== undefined && !known.inputFidelity) {
    return {
      status: 400,
      body: apiError(
        `Invalid input fidelity: input_fidelity is not supported for model '${model}'.`,
        'invalid_request_error',
        'invalid_input_fidelity_model',
        'input_fidelity',
      ),
    };
  }
  return null;
}

async function editReply(rec: RecordedEdit, retired: Set<string>, size?: { width: number; height: number }) {
  const refused = refusal(rec, retired);
  if (refused) return refused;
  if (!rec.image)
    return {
      status: 400,
      body: apiError("Missing required parameter: 'image'.", 'invalid_request_error', null, 'image'),
    };
  const meta = await sharp(rec.image.data).metadata();
  let plane: Buffer | undefined;
  if (rec.mask) {
    const m = await sharp(rec.mask.data).metadata();
    // The real API refuses a mask of another size than the image.
    if (m.width !== meta.width || m.height !== meta.height || m.format !== 'png') {
      return {
        status: 400,
        body: apiError(
          'Invalid mask image format - mask size does not match image size',
          'invalid_request_error',
          null,
          'mask',
        ),
      };
    }
    plane = await planePng(await editablePlane(rec.mask.data, 'transparent-editable'), m.width, m.height);
  }
  const [w, h] = (
    rec.fields.size && rec.fields.size !== 'auto' ? rec.fields.size : `${meta.width}x${meta.height}`
  )
    .split('x')
    .map(Number);
  const png = await drawStaged(rec.image.data, {
    size: size ?? { width: w!, height: h! },
    ...(plane ? { mask: plane } : {}),
  });
  return {
    status: 200,
    body: {
      created: Math.floor(Date.now() / 1000),
      background: 'opaque',
      data: [{ b64_json: png.toString('base64') }],
      output_format: 'png',
      quality: rec.fields.quality ?? 'auto',
      size: rec.fields.size ?? 'auto',
      usage: {
        input_tokens: 323,
        output_tokens: 4160,
        total_tokens: 4483,
        input_tokens_details: { image_tokens: 258, text_tokens: 65 },
      },
    },
  };
}

/** The settings that point a Roomstage server's openai engine at this fake (unit apps and e2e servers). */
export function openAIEngineEnv(fake: Pick<FakeOpenAI, 'apiKey' | 'baseUrl'>): Record<string, string> {
  return { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseUrl };
}

export async function startFakeOpenAI(apiKey = 'sk-fake-openai-key'): Promise<FakeOpenAI> {
  const requests: RecordedEdit[] = [];
  const retrieved: string[] = [];
  const retired = new Set<string>();
  const replies = replyQueue<OpenAIReply>({ kind: 'image' });

  const handle = async (req: FakeRequest, res: http.ServerResponse) => {
    const url = req.url;
    const retrieve = /^\/v1\/models\/([^/]+)$/.exec(url.pathname);
    if (
      !(req.method === 'POST' && url.pathname === '/v1/images/edits') &&
      !(req.method === 'GET' && retrieve)
    ) {
      return send(
        res,
        404,
        apiError(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error', null),
      );
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return send(
        res,
        401,
        apiError(`Incorrect API key provided: ${key}.`, 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (retrieve) {
      const id = decodeURIComponent(retrieve[1]!);
      retrieved.push(id);
      const known = retired.has(id) ? undefined : liveModel(OPENAI_MODELS, id);
      if (!known) {
        const { status, body } = modelNotFound(id);
        return send(res, status, body);
      }
      return send(res, 200, {
        id,
        object: 'model',
        created: 1_745_000_000,
        owned_by: 'system',
        shutdown_date: known.shutdown ?? null,
      });
    }
    const { form, fields } = await readForm(req);
    const rec: RecordedEdit = {
      authorization: req.headers.authorization,
      fields,
      image: await fileOf(form, 'image'),
      mask: await fileOf(form, 'mask'),
    };
    requests.push(rec);

    const reply = replies.next();
    switch (reply.kind) {
      case 'image': {
        const { status, body } = await editReply(rec, retired, reply.size);
        return send(res, status, body);
      }
      case 'error': {
        const headers: Record<string, string> = {};
        if (reply.retryAfter) headers['retry-after'] = reply.retryAfter;
        if (reply.retryAfterMs) headers['retry-after-ms'] = reply.retryAfterMs;
        const type =
          reply.type ??
          (reply.status === 429
            ? 'requests'
            : reply.status >= 500
              ? 'server_error'
              : 'invalid_request_error');
        return send(
          res,
          reply.status,
          apiError(reply.message ?? 'Fake provider error.', type, reply.code ?? null),
          headers,
        );
      }
      case 'hang':
        return; // never answered; close() destroys the socket
      case 'unverified':
        return send(
          res,
          403,
          apiError(
            `Your organization must be verified to use the model \`${rec.fields.model}\`. Please go to your organization settings and click on Verify Organization. If you just verified, it can take up to 15 minutes for access to propagate.`,
            'invalid_request_error',
            null,
          ),
        );
      case 'raw':
        res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
        return res.end(reply.body);
    }
  };

  const server = await startFakeServer(handle, (err) => apiError(String(err), 'server_error', null));
  return {
    baseUrl: `${server.origin}/v1`,
    apiKey,
    requests,
    retrieved,
    enqueue: replies.enqueue,
    retire: (model) => (model === undefined ? retired.clear() : void retired.add(model)),
    close: server.close,
  };
}
