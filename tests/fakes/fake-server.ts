// What every fake provider server shares: listening on a free local port, reading the whole request
// body, JSON and multipart helpers, the queue of scripted replies, and a close that also cuts the
// connections a 'hang' reply left open. Each fake keeps only its provider's wire format.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer<ArrayBuffer>;
}

export interface RunningFake {
  /** http://127.0.0.1:<port> */
  origin: string;
  readonly close: () => Promise<void>;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Serves `handle` on 127.0.0.1 and a free port. A handler that throws answers 500 with the body
 * `onError` builds (each provider's own error shape).
 */
export async function startFakeServer(
  handle: (req: FakeRequest, res: http.ServerResponse) => Promise<unknown>,
  onError: (err: unknown) => unknown,
): Promise<RunningFake> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://fake');
      await handle(
        { method: req.method ?? 'GET', url, headers: req.headers, body: Buffer.concat(chunks) },
        res,
      );
    })().catch((err: unknown) => sendJson(res, 500, onError(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A multipart/form-data body as the provider would parse it. */
export async function readForm(
  req: FakeRequest,
): Promise<{ form: FormData; fields: Record<string, string> }> {
  const form = await new Request(req.url, {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: req.body,
  }).formData();
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
  return { form, fields };
}

/** Scripted replies, one per request in order; `fallback` when none is queued. */
export function replyQueue<R>(fallback: R) {
  const queue: R[] = [];
  return {
    enqueue: (...replies: R[]) => void queue.push(...replies),
    next: (): R => queue.shift() ?? fallback,
  };
}

/** A URL on a port nothing listens on any more: for "could not be reached" tests. */
export async function closedOrigin(): Promise<string> {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((r) => closed.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
