import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { downloadName } from '#shared/constants/download.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { StoredObject } from '../../lib/storage/index.ts';
import { listBatchRows, liveListingLink, withCredentialsOf } from '../transformations/index.ts';
import { findOwnedBatch } from './batches.repo.ts';
import { addDisclosureEntry, originalName } from './disclosure-txt.ts';

export const NOTHING_TO_ZIP = 'This batch has no staged photos to download yet.';

/**
 * One name per entry, unique within the archive (case-insensitively, as on Windows and macOS disks):
 * the second "living-room.jpg" becomes "living-room-2.jpg".
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export interface BatchZip {
  fileName: string;
  entries: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * The finished results of the owner's batch as one ZIP, written while it is sent: each image is read
 * from storage only when the archive reaches it and only as fast as the client takes the bytes, so
 * one photo and its original at a time are in memory whatever the batch's size. JPEGs do not shrink,
 * so entries are stored, not deflated. Names follow the single-photo download rule (title, else style
 * and room). Each photo is followed by its original (originals/), and DISCLOSURE.txt comes last
 * (disclosure-txt.ts, issue 32).
 */
export async function batchZip(ctx: AppContext, userId: string, id: string): Promise<BatchZip> {
  const batch = await findOwnedBatch(ctx.db, id, userId);
  if (!batch) throw notFound('Batch not found');
  const rows = (await listBatchRows(ctx.db, id)).filter(
    (r) => r.status === 'completed' && r.transformedImageUrl,
  );
  if (rows.length === 0) throw conflict(NOTHING_TO_ZIP);

  const names = uniqueNames(rows.map((r) => downloadName(r)));
  const zip = new ZipFile();
  // Each photo's original is read once: for the ingredient hash of the photo's credential, then kept for
  // its own entry in originals/, which comes right after the photo (the archive reaches entries in order).
  let held: StoredObject | null = null;
  for (const [i, row] of rows.entries()) {
    const key = row.transformedImageUrl!;
    zip.addReadStreamLazy(names[i]!, { compress: false, mtime: row.completedAt ?? row.createdAt }, (cb) => {
      signedEntry(ctx, row, key).then(
        ({ body, original }) => {
          held = original;
          cb(null, Readable.from([body]));
        },
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
    const originalKey = row.originalImageUrl;
    if (!originalKey) continue;
    zip.addReadStreamLazy(
      `originals/${originalName(row, names[i]!)}`,
      { compress: false, mtime: row.createdAt },
      (cb) => {
        const original = held;
        held = null;
        if (original) cb(null, Readable.from([original.body]));
        else cb(new Error(`stored original missing: ${originalKey}`), Readable.from([]));
      },
    );
  }
  await addDisclosureEntry(ctx, zip, rows, names, await liveListingLink(ctx, id));
  zip.end();

  const out = zip.outputStream as Readable;
  // A result that cannot be read ends the download as a broken transfer (the browser reports it) rather
  // than a ZIP that silently lacks a photo.
  zip.on('error', (err: unknown) => {
    ctx.logger.error({ err, batchId: id }, 'batch ZIP aborted');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    async cancel() {
      // The client went away: stop reading further images.
      out.destroy();
      await chunks.return?.();
    },
  });
  const day = batch.createdAt.toISOString().slice(0, 10);
  const originals = rows.filter((r) => r.originalImageUrl).length;
  return { fileName: `staged-listing-${day}.zip`, entries: rows.length + originals + 1, body };
}

/**
 * One entry as the single download sends it: the stored JPEG with its Content Credentials; with the
 * original the credential was made from (null when none is stored), for the entry that follows.
 */
async function signedEntry(
  ctx: AppContext,
  row: Parameters<typeof withCredentialsOf>[1],
  key: string,
): Promise<{ body: Uint8Array; original: StoredObject | null }> {
  const obj = await ctx.storage.get(key);
  if (!obj) throw new Error(`stored result missing: ${key}`);
  const original = row.originalImageUrl ? await ctx.storage.get(row.originalImageUrl) : null;
  return { body: await withCredentialsOf(ctx, row, obj.body, original), original };
}
