import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AppError, badRequest } from './errors.ts';

// Multipart uploads are parsed as they arrive, chunk by chunk (busboy), instead of buffering the whole
// body and parsing it in one go on the event loop: a 10 MB upload used to stall every other request of
// the copy for ~300 ms. File contents go to memory (one photo) or to a private temporary folder (a
// batch of up to 30), never more than each file's limit; the caller decides from the counts afterwards,
// in its own order, so the answers do not depend on where in the body a problem sits.
// Served by Node, the body is read straight from Node's request stream: going through the Fetch API's
// ReadableStream and back (Readable.toWeb, then Readable.fromWeb) copied every chunk once more and
// cost two promise hops per chunk, and its garbage made the collector the largest cost of an upload.

export const UNREADABLE = 'The upload could not be read. Please try again.';
/** Text fields are short (a style, a room type, a JSON list of 30 room types). */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 50;

export interface ReceivedFile {
  field: string;
  /** Bytes received, counted up to the limit plus one chunk: `tooLarge` says whether it was passed. */
  size: number;
  tooLarge: boolean;
  /** Set when the file was kept (see `keep`): its content in memory… */
  bytes?: Buffer;
  /** …or spooled to this path. */
  path?: string;
}

export interface MultipartOptions {
  /** A file larger than this is marked `tooLarge`; only this much of it is ever kept. */
  maxFileBytes: number;
  /** Whether to keep a file: called in upload order with the files seen so far (this one included). */
  keep: (file: ReceivedFile, seen: readonly ReceivedFile[]) => boolean;
  /** Keep files on disk in a fresh temporary folder instead of memory. */
  spool?: boolean;
}

export interface MultipartBody {
  /** Every file part in upload order, kept or not. */
  files: ReceivedFile[];
  /** Every text field in order; a name may repeat. */
  fields: [string, string][];
  /** Removes the spooled files; safe to call more than once. */
  dispose: () => Promise<void>;
}

const bodyLimits = new WeakMap<Request, { maxBytes: number; message: string }>();

/**
 * Sets the most bytes the body of `req` may carry (the request guards do, per route); readMultipart
 * counts them as they stream and fails with a 413 and `message` once they are passed. Nothing is
 * buffered to count.
 */
export function limitStreamedBody(req: Request, maxBytes: number, message: string): void {
  bodyLimits.set(req, { maxBytes, message });
}

/** The body as a Node stream: Node's own request when it is still unread, else the Fetch body. */
function bodyStream(source: Request | Context): Readable | null {
  if (source instanceof Request) return source.body ? Readable.fromWeb(source.body as WebReadable) : null;
  const incoming = (source.env as { incoming?: unknown } | undefined)?.incoming;
  // Unless something already reads it (a Fetch-API reader made from it listens for its data).
  const untouched =
    incoming instanceof Readable &&
    !incoming.readableDidRead &&
    incoming.listenerCount('data') === 0 &&
    !source.req.raw.bodyUsed;
  if (untouched) return incoming;
  return bodyStream(source.req.raw);
}

function counted(limit: { maxBytes: number; message: string }): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit.maxBytes) done(new AppError('payload_too_large', limit.message));
      else done(null, chunk);
    },
  });
}

/**
 * Reads a multipart body as a stream (a Hono context: Node's request stream when served by Node). A malformed body is the caller's 400 (UNREADABLE); an AppError
 * raised by the body stream itself (the request guards' size count) is passed on as it is. On any
 * failure nothing is left on disk.
 */
export async function readMultipart(
  source: Request | Context,
  opts: MultipartOptions,
): Promise<MultipartBody> {
  const req = source instanceof Request ? source : source.req.raw;
  let folder: Promise<string> | undefined;
  const dispose = async () => {
    const dir = await folder?.catch(() => undefined);
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
  // One private folder per request, made on the first kept file (memoised: files may arrive while it is made).
  const spoolDir = () => (folder ??= fs.mkdtemp(path.join(os.tmpdir(), 'roomstage-upload-')));
  const files: ReceivedFile[] = [];
  const fields: [string, string][] = [];
  const writes: Promise<void>[] = [];
  let fieldProblem: AppError | undefined;
  try {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': req.headers.get('content-type') ?? '' },
        limits: { fileSize: opts.maxFileBytes, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS },
      });
    } catch {
      throw badRequest(UNREADABLE);
    }
    parser.on('file', (field, stream) => {
      const file: ReceivedFile = { field, size: 0, tooLarge: false };
      files.push(file);
      stream.on('limit', () => (file.tooLarge = true));
      stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
      // A body that fails mid-file fails this stream too; the failure is reported once, by the body.
      stream.on('error', () => undefined);
      if (!opts.keep(file, files)) {
        stream.resume();
        return;
      }
      const write = opts.spool ? spool(file, stream, spoolDir, files.length) : collect(file, stream);
      // Awaited once the body is read; until then a failed write must not count as unhandled.
      write.catch(() => undefined);
      writes.push(write);
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        fieldProblem ??= badRequest(`The form field "${name.slice(0, 40)}" is too long.`);
      fields.push([name, value]);
    });
    parser.on('fieldsLimit', () => (fieldProblem ??= badRequest('The upload has too many form fields.')));
    const input = bodyStream(source);
    if (!input) throw badRequest(UNREADABLE);
    const limit = bodyLimits.get(req);
    try {
      await (limit ? pipeline(input, counted(limit), parser) : pipeline(input, parser));
    } catch (err) {
      throw err instanceof AppError ? err : badRequest(UNREADABLE);
    }
    await Promise.all(writes);
    if (fieldProblem) throw fieldProblem;
    return { files, fields, dispose };
  } catch (err) {
    // Let pending writes settle before removing their folder, so no file appears after the removal.
    await Promise.allSettled(writes);
    await dispose();
    throw err;
  }
}

async function collect(file: ReceivedFile, stream: Readable): Promise<void> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await finished(stream);
  file.bytes = Buffer.concat(chunks);
}

async function spool(
  file: ReceivedFile,
  stream: Readable,
  dir: () => Promise<string>,
  n: number,
): Promise<void> {
  // Paused while the folder is made (the size counter's listener would otherwise let data flow away).
  stream.pause();
  const target = path.join(await dir(), `${n}.upload`);
  file.path = target;
  await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
}
