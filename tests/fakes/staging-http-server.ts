// A reference server for the self-hosted staging contract (README, "Self-hosted HTTP engine"):
// `POST /stage` multipart (image, mask, prompt, style, roomType, seed, declutter) answered with the
// staged image, or a JSON error `{ code, message }`. Replies are scripted per request (a queue).
import sharp from 'sharp';
import { readForm, replyQueue, sendJson, startFakeServer, type FakeRequest } from './fake-server.ts';
import { drawStaged, editablePlane, planePng } from './staged-drawing.ts';
import type http from 'node:http';

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

export async function startFakeStagingHttp(token = 'self-hosted-token'): Promise<FakeStagingHttp> {
  const requests: RecordedStage[] = [];
  const replies = replyQueue<HttpReply>({ kind: 'image' });

  const handle = async (req: FakeRequest, res: http.ServerResponse) => {
    if (req.method !== 'POST' || req.url.pathname !== '/stage')
      return sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${token}`)
      return sendJson(res, 401, { code: 'unauthorized', message: 'Bad token' });
    const { form, fields } = await readForm(req);
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

    const reply = replies.next();
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

  const server = await startFakeServer(handle, (err) => ({ code: 'internal', message: String(err) }));
  return {
    url: `${server.origin}/stage`,
    token,
    requests,
    enqueue: replies.enqueue,
    close: server.close,
  };
}
