// A fake Replicate API: `POST /v1/models/{owner}/{name}/predictions` (or `/v1/predictions` with a
// version), `GET /v1/predictions/{id}`, `POST /v1/predictions/{id}/cancel`, and the output files,
// with Replicate's JSON shapes, `Prefer: wait` and problem-details errors, so tests drive the real
// `replicate` SDK through baseUrl. Replies are scripted per created prediction (a queue).
import type http from 'node:http';
import sharp from 'sharp';
import { replyQueue, sendJson as send, startFakeServer, type FakeRequest } from './fake-server.ts';
import { liveModel, REPLICATE_MODELS, type ReplicateModel } from './provider-models.ts';
import { drawStaged, editablePlane, planePng } from './staged-drawing.ts';

export interface RecordedPrediction {
  id: string;
  path: string;
  prefer: string | undefined;
  version: string | undefined;
  input: Record<string, unknown>;
  /** Decoded data-URI inputs. */
  image: Buffer | null;
  mask: Buffer | null;
  polls: number;
  canceled: boolean;
}

export type ReplicateReply =
  /** Succeeds after `polls` GETs (0: already done when the create answers under Prefer: wait). */
  | { kind: 'succeed'; polls?: number; asList?: boolean }
  | { kind: 'fail'; error: string; polls?: number }
  | { kind: 'canceled' }
  /** Stays `processing` for ever; with throttlePoll every poll answers 429 (throttled). */
  | { kind: 'stuck'; throttlePoll?: boolean }
  | { kind: 'output'; output: unknown }
  | { kind: 'file-error'; status: number }
  | { kind: 'file-garbage' }
  | { kind: 'error'; status: number; retryAfter?: string }
  /** 402: the account has no credit. */
  | { kind: 'no-credit' }
  | { kind: 'hang' }
  | { kind: 'raw'; status: number; body: string };

export interface FakeReplicate {
  baseUrl: string;
  token: string;
  predictions: RecordedPrediction[];
  /** Model ids asked for with models.get. */
  retrieved: string[];
  /** Every HTTP request, as "METHOD path". */
  log: string[];
  enqueue(...replies: ReplicateReply[]): void;
  close(): Promise<void>;
}

const problem = (status: number, title: string, detail: string) => ({
  type: 'about:blank',
  title,
  detail,
  status,
});

/** Replicate's 422 for an input its schema refuses: one `invalid_fields` entry per problem. */
function validationProblem(model: ReplicateModel, input: Record<string, unknown>) {
  const invalid: { type: string; field: string; description: string }[] = [];
  for (const name of model.required)
    if (input[name] === undefined)
      invalid.push({ type: 'required', field: 'input', description: `${name} is required` });
  for (const [name, value] of Object.entries(input)) {
    const p = model.properties[name];
    if (!p) continue; // Unknown inputs are ignored, as Replicate does.
    if (p.type === 'integer' && !Number.isInteger(value))
      invalid.push({
        type: 'invalid_type',
        field: `input.${name}`,
        description: 'Invalid type. Expected: integer',
      });
    if (p.enum && !p.enum.includes(String(value)))
      invalid.push({
        type: 'enum',
        field: `input.${name}`,
        description: `${name} must be one of the following: ${p.enum.map((e) => `"${e}"`).join(', ')}`,
      });
  }
  if (invalid.length === 0) return null;
  return {
    title: 'Input validation failed',
    detail: invalid.map((f) => `- ${f.field}: ${f.description}`).join('\n'),
    status: 422,
    invalid_fields: invalid,
  };
}

/** A model as `GET /v1/models/{owner}/{name}` returns it, its input schema in the latest version. */
function modelView(id: string, model: ReplicateModel) {
  const [owner, name] = id.split('/');
  return {
    url: `https://replicate.com/${id}`,
    owner,
    name,
    description: 'fake',
    visibility: 'public',
    run_count: 1,
    latest_version: {
      id: 'f'.repeat(64),
      created_at: '2026-06-01T00:00:00Z',
      openapi_schema: {
        components: {
          schemas: {
            Input: { type: 'object', required: model.required, properties: model.properties },
          },
        },
      },
    },
  };
}

function fromDataUri(v: unknown): Buffer | null {
  if (typeof v !== 'string') return null;
  const m = /^data:[^;]+;base64,(.*)$/.exec(v);
  return m ? Buffer.from(m[1]!, 'base64') : null;
}

interface State {
  rec: RecordedPrediction;
  reply: ReplicateReply;
  output: Buffer | null;
  model: string;
}

export async function startFakeReplicate(token = 'r8_fake_replicate_token'): Promise<FakeReplicate> {
  const predictions: RecordedPrediction[] = [];
  const log: string[] = [];
  const retrieved: string[] = [];
  const queue = replyQueue<ReplicateReply>({ kind: 'succeed' });
  const states = new Map<string, State>();
  let base = '';

  const view = (s: State) => {
    const { rec, reply } = s;
    const due = 'polls' in reply ? (reply.polls ?? 0) : 0;
    let status = 'processing';
    let output: unknown = null;
    let error: unknown = null;
    if (rec.canceled || reply.kind === 'canceled') status = 'canceled';
    else if (reply.kind === 'stuck' || rec.polls < due)
      status = rec.polls === 0 && due > 0 ? 'starting' : 'processing';
    else if (reply.kind === 'fail') [status, error] = ['failed', reply.error];
    else if (reply.kind === 'output') [status, output] = ['succeeded', reply.output];
    else {
      status = 'succeeded';
      const url = `${base}/files/${rec.id}.png`;
      output = reply.kind === 'succeed' && reply.asList ? [url] : url;
    }
    return {
      id: rec.id,
      model: s.model,
      version: rec.version ?? 'hidden',
      input: rec.input,
      logs: '',
      output,
      data_removed: false,
      error,
      status,
      created_at: new Date().toISOString(),
      urls: {
        get: `${base}/v1/predictions/${rec.id}`,
        cancel: `${base}/v1/predictions/${rec.id}/cancel`,
        web: `https://replicate.com/p/${rec.id}`,
      },
    };
  };

  const handle = async ({ method, url, headers, body: raw }: FakeRequest, res: http.ServerResponse) => {
    log.push(`${method} ${url.pathname}`);
    const file = /^\/files\/([\w-]+)\.png$/.exec(url.pathname);
    if (method === 'GET' && file) {
      // Output files are served without auth, as replicate.delivery does.
      const s = states.get(file[1]!);
      if (s?.reply.kind === 'file-error') return send(res, s.reply.status, { detail: 'gone' });
      if (s?.reply.kind === 'file-garbage') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('not an image');
      }
      if (!s?.output) return send(res, 404, { detail: 'Not found' });
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(s.output);
    }
    if (headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
    }
    const modelGet = /^\/v1\/models\/([\w.-]+\/[\w.-]+)$/.exec(url.pathname);
    if (method === 'GET' && modelGet) {
      retrieved.push(modelGet[1]!);
      const known = liveModel(REPLICATE_MODELS, modelGet[1]!);
      if (!known)
        return send(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
      return send(res, 200, modelView(modelGet[1]!, known));
    }
    const create = /^\/v1\/models\/([\w.-]+\/[\w.-]+)\/predictions$/.exec(url.pathname);
    if (method === 'POST' && (create || url.pathname === '/v1/predictions')) {
      const body = JSON.parse(raw.toString('utf8')) as {
        input?: Record<string, unknown>;
        version?: string;
      };
      const known = create ? liveModel(REPLICATE_MODELS, create[1]!) : undefined;
      if (create && !known)
        return send(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
      const invalid = known ? validationProblem(known, body.input ?? {}) : null;
      if (invalid) return send(res, 422, invalid);
      const reply = queue.next();
      if (reply.kind === 'no-credit')
        return send(
          res,
          402,
          problem(
            402,
            'Insufficient credit',
            'You have insufficient credit to run this model. Go to your billing page to purchase credit. Once you purchase credit, please wait a few minutes before trying again.',
          ),
        );
      if (reply.kind === 'error') {
        const retry: Record<string, string> = reply.retryAfter ? { 'retry-after': reply.retryAfter } : {};
        return send(
          res,
          reply.status,
          problem(reply.status, reply.status === 429 ? 'Request was throttled.' : 'Error', 'Fake error.'),
          retry,
        );
      }
      if (reply.kind === 'hang') return;
      if (reply.kind === 'raw') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return res.end(reply.body);
      }
      const input = body.input ?? {};
      const rec: RecordedPrediction = {
        id: `fake${predictions.length}x${Math.random().toString(36).slice(2, 8)}`,
        path: url.pathname,
        prefer: String(headers.prefer ?? '') || undefined,
        version: body.version,
        input,
        image: fromDataUri(input.image ?? input.input_image),
        mask: fromDataUri(input.mask),
        polls: 0,
        canceled: false,
      };
      predictions.push(rec);
      let output: Buffer | null = null;
      if (rec.image) {
        const mask = rec.mask ? await editablePlane(rec.mask, 'white-editable') : null;
        const meta = rec.mask ? await sharp(rec.mask).metadata() : null;
        output = await drawStaged(
          rec.image,
          mask && meta ? { mask: await planePng(mask, meta.width, meta.height) } : {},
        );
      }
      const s: State = { rec, reply, output, model: create?.[1] ?? 'versioned' };
      states.set(rec.id, s);
      return send(res, 201, view(s));
    }
    const get = /^\/v1\/predictions\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    const s = get ? states.get(get[1]!) : undefined;
    if (!get || !s)
      return send(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
    if (get[2] && method === 'POST') s.rec.canceled = true;
    else if (method === 'GET' && s.reply.kind === 'stuck' && s.reply.throttlePoll)
      return send(res, 429, problem(429, 'Request was throttled.', 'Request was throttled.'), {
        'retry-after': '7',
      });
    else if (method === 'GET') s.rec.polls++;
    return send(res, 200, view(s));
  };

  const server = await startFakeServer(handle, (err) => problem(500, 'Internal', String(err)));
  base = server.origin;
  return {
    baseUrl: `${base}/v1`,
    token,
    predictions,
    retrieved,
    log,
    enqueue: queue.enqueue,
    close: server.close,
  };
}
