// A reference server for the self-hosted staging contract (README, "Self-hosted HTTP engine"):
// `POST /stage` multipart (image, mask, prompt, style, roomType, seed, declutter) answered with the
// staged image, or a JSON error `{ code, message }`. Replies are scripted per request (a queue).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { drawStaged, editablePlane, planePng } from './staged-drawing.ts';

export interface RecordedStage {
  authorization: string | undefined;
  fields: Record<string, string>;
  image: Buffer | null;
  mask: Buffer | null;
}

export type HttpReply =
  | { kind: 'image'; format?: 'png' | 'jpeg' }
  | { kind: 'error'; status: number; code?: string; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'raw'; status: number; body: string; contentType?: string };

export interface FakeStagingHttp {
  url: string;
  token: string;
  requests: RecordedStage[];
  enqueue(...replies: HttpReply[]): void;
  close(): Promise<void>;
}

const sendJson = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export async function startFakeStagingHttp(token = 'self-hosted-token'): Promise<FakeStagingHttp> {
  const requests: RecordedStage[] = [];
  const queue: HttpReply[] = [];

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== '/stage')
      return sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${token}`)
      return sendJson(res, 401, { code: 'unauthorized', message: 'Bad token' });
    const form = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const fields: Record<string, string> = {};
    for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
    const file = async (name: string) => {
      const f = form.get(name);
      return f instanceof File ? Buffer.from(await f.arrayBuffer()) : null;
    };
    const rec: RecordedStage = {
      authorization: req.headers.authorization,
      fields,
      image: await file('image'),
      mask: await file('mask'),
    };
    requests.push(rec);

    const reply = queue.shift() ?? { kind: 'image' };
    switch (reply.kind) {
      case 'image': {
        if (!rec.image || !rec.mask || !rec.fields.prompt)
          return sendJson(res, 400, { code: 'bad_request', message: 'image, mask and prompt are required' });
        const meta = await sharp(rec.mask).metadata();
        const plane = await planePng(
          await editablePlane(rec.mask, 'white-editable'),
          meta.width,
          meta.height,
        );
        const format = reply.format ?? 'png';
        const body = await drawStaged(rec.image, { mask: plane, format });
        res.writeHead(200, { 'content-type': `image/${format}` });
        return res.end(body);
      }
      case 'error':
        return sendJson(
          res,
          reply.status,
          { code: reply.code ?? 'error', message: 'Fake error.' },
          reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
        );
      case 'hang':
        return;
      case 'raw':
        res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
        return res.end(reply.body);
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { code: 'internal', message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stage`,
    token,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
