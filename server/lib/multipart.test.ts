import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { readMultipart, UNREADABLE, type MultipartOptions } from './multipart.ts';
import { bodyLimits, UPLOAD_TOO_LARGE } from './request-guards.ts';

const BOUNDARY = 'test-boundary';
const part = (name: string, content: string | Buffer, fileName?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);

/** A streamed body (no Content-Length), sent in small chunks, optionally failing after `failAfter` bytes. */
function streamed(body: Buffer, failAfter?: { bytes: number; error: Error }): Request {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter && at >= failAfter.bytes) return controller.error(failAfter.error);
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, at + 7000)));
      at += 7000;
    },
  });
  return new Request('http://x/api/batches', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
}

const spoolDirs = () => fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith('roomstage-upload-'));
const keepAll: MultipartOptions = { maxFileBytes: 100_000, keep: () => true, spool: true };

describe('readMultipart', () => {
  it('streams files to a private folder in upload order, with text fields, and disposes of it', async () => {
    const a = Buffer.alloc(50_000, 1);
    const b = Buffer.alloc(30_000, 2);
    const body = await readMultipart(
      streamed(form(part('style', 'modern'), part('images', a, 'a.jpg'), part('images', b, 'b.jpg'))),
      keepAll,
    );
    expect(body.fields).toEqual([['style', 'modern']]);
    expect(body.files.map((f) => [f.field, f.size, f.tooLarge])).toEqual([
      ['images', 50_000, false],
      ['images', 30_000, false],
    ]);
    expect(fs.readFileSync(body.files[0]!.path!)).toEqual(a);
    expect(fs.readFileSync(body.files[1]!.path!)).toEqual(b);
    await body.dispose();
    expect(fs.existsSync(body.files[0]!.path!)).toBe(false);
  });

  it('keeps at most the file limit of a file and marks it too large; files not kept are only counted', async () => {
    const body = await readMultipart(
      streamed(
        form(part('image', Buffer.alloc(100_001), 'big.jpg'), part('image', Buffer.alloc(10), 'x.jpg')),
      ),
      {
        maxFileBytes: 100_000,
        keep: (_f, seen) => seen.length === 1,
      },
    );
    expect(body.files.map((f) => [f.size, f.tooLarge, f.bytes?.length])).toEqual([
      [100_000, true, 100_000],
      [10, false, undefined],
    ]);
  });

  it('answers 400 for a malformed body and leaves no file behind', async () => {
    const before = spoolDirs().length;
    const truncated = part('images', Buffer.alloc(40_000, 3), 'a.jpg'); // no closing boundary
    await expect(readMultipart(streamed(truncated), keepAll)).rejects.toMatchObject({
      status: 400,
      message: UNREADABLE,
    });
    const noBoundary = new Request('http://x/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    await expect(readMultipart(noBoundary, keepAll)).rejects.toMatchObject({
      status: 400,
      message: UNREADABLE,
    });
    expect(spoolDirs().length).toBe(before);
  });

  it("passes on the body stream's own refusal (the size count) and removes what was spooled", async () => {
    const before = spoolDirs().length;
    const tooMuch = new AppError('payload_too_large', 'too much');
    const body = form(
      part('images', Buffer.alloc(60_000), 'a.jpg'),
      part('images', Buffer.alloc(60_000), 'b.jpg'),
    );
    await expect(readMultipart(streamed(body, { bytes: 90_000, error: tooMuch }), keepAll)).rejects.toBe(
      tooMuch,
    );
    expect(spoolDirs().length).toBe(before);
  });

  it('refuses over-long text fields instead of truncating them', async () => {
    const body = streamed(form(part('roomTypes', 'x'.repeat(70 * 1024))));
    await expect(readMultipart(body, keepAll)).rejects.toMatchObject({
      status: 400,
      message: 'The form field "roomTypes" is too long.',
    });
  });
});

/** POSTs `body` in 64 KB chunks without a Content-Length (chunked), as a slow client would. */
function postChunked(port: number, body: Buffer): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/check-existing-transformations',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', reject);
    let at = 0;
    const more = () => {
      while (at < body.length) {
        const ok = req.write(body.subarray(at, at + 65536));
        at += 65536;
        if (!ok) return void req.once('drain', more);
      }
      req.end();
    };
    more();
  });
}

describe('streamed upload limit (request guards)', () => {
  const app = new Hono()
    .use(bodyLimits())
    .post('/api/identify-room', async (c) => {
      const body = await readMultipart(c.req.raw, { maxFileBytes: 10 * 1024 * 1024, keep: () => false });
      return c.json({ files: body.files.length });
    })
    // Served by Node: the reader takes Node's request stream itself.
    .post('/api/check-existing-transformations', async (c) => {
      const body = await readMultipart(c, {
        maxFileBytes: 10 * 1024 * 1024,
        keep: (_f, s) => s.length === 1,
      });
      return c.json({ files: body.files.length, bytes: body.files[0]?.bytes?.length ?? 0 });
    })
    .onError((err, c) =>
      err instanceof AppError
        ? c.json({ message: err.message }, err.status as 413)
        : c.json({ message: 'boom' }, 500),
    );

  it('refuses a declared Content-Length over 12 MB before reading, and a chunked body once it passes 12 MB', async () => {
    const declared = await app.request('/api/identify-room', {
      method: 'POST',
      body: 'x',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(13 * 1024 * 1024),
      },
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: UPLOAD_TOO_LARGE });
    const chunked = await app.request('/api/identify-room', {
      method: 'POST',
      body: streamed(form(part('image', Buffer.alloc(12 * 1024 * 1024), 'big.jpg'))).body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ message: UPLOAD_TOO_LARGE });
    const small = await app.request('/api/identify-room', {
      method: 'POST',
      body: streamed(form(part('image', Buffer.alloc(1000), 'a.jpg'))).body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: 'half',
    } as RequestInit);
    expect(await small.json()).toEqual({ files: 1 });
  });

  it('served by Node, reads the file from the request stream and counts a chunked body against the limit', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      const photo = Buffer.alloc(3 * 1024 * 1024, 7);
      expect(await postChunked(port, form(part('image', photo, 'a.jpg')))).toEqual({
        status: 200,
        json: { files: 1, bytes: photo.length },
      });
      expect(await postChunked(port, form(part('image', Buffer.alloc(13 * 1024 * 1024), 'big.jpg')))).toEqual(
        {
          status: 413,
          json: { message: UPLOAD_TOO_LARGE },
        },
      );
    } finally {
      server.close();
    }
  });
});
