import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import { STAGING_DISCLOSURE } from '#shared/constants/disclosure.ts';
import type { AppContext } from '../../context.ts';
import { liveLinkFor, type TransformationRow } from '../transformations/index.ts';

type Row = TransformationRow;

export interface DisclosureLine {
  staged: string;
  original: string;
  link: string | null;
}

/**
 * DISCLOSURE.txt (issue 32 item 3, decision 0187): first a paragraph ready to paste into an MLS remarks
 * field (the disclosure and the listing's public page), then every photo with its original and its page.
 * CRLF line ends, so it opens as lines in every editor.
 */
export function disclosureText(listingLink: string | null, lines: DisclosureLine[]): string {
  const out = [
    'VIRTUAL STAGING DISCLOSURE',
    '',
    'Ready to paste into the listing remarks:',
    '',
    listingLink
      ? `${STAGING_DISCLOSURE}. Original, unaltered photos: ${listingLink}`
      : `${STAGING_DISCLOSURE}.`,
    '',
    'Photo by photo (the originals are in the "originals" folder of this ZIP):',
    ...lines.map(
      (l, i) =>
        `${i + 1}. ${l.staged} (original: originals/${l.original}): ${l.link ?? 'no public page is on for this photo'}`,
    ),
  ];
  if (!listingLink && lines.every((l) => !l.link))
    out.push(
      '',
      'No public original page is on yet. Turn on the listing page in your Roomstage dashboard and download',
      'this ZIP again: the links to the original photos are then written here.',
    );
  return `${out.join('\r\n')}\r\n`;
}

/**
 * Adds the originals (under originals/, named like their staged photo) and DISCLOSURE.txt to a batch ZIP.
 * Kept apart from the staged entries, which batch-zip.ts writes; originals stream the same lazy way.
 */
export async function addDisclosureEntries(
  ctx: AppContext,
  zip: ZipFile,
  rows: Row[],
  stagedNames: string[],
  batchLink: string | null,
): Promise<number> {
  const lines: DisclosureLine[] = [];
  let added = 0;
  for (const [i, row] of rows.entries()) {
    const key = row.originalImageUrl;
    const ext = key?.endsWith('.png') ? '.png' : '.jpg';
    const original = stagedNames[i]!.replace(/\.jpg$/, ext);
    lines.push({ staged: stagedNames[i]!, original, link: (await liveLinkFor(ctx, row.id))?.url ?? null });
    if (!key) continue;
    added++;
    zip.addReadStreamLazy(`originals/${original}`, { compress: false, mtime: row.createdAt }, (cb) => {
      ctx.storage.get(key).then(
        (obj) =>
          obj
            ? cb(null, Readable.from([obj.body]))
            : cb(new Error(`stored original missing: ${key}`), Readable.from([])),
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
  }
  zip.addBuffer(Buffer.from(disclosureText(batchLink, lines), 'utf8'), 'DISCLOSURE.txt', {
    mtime: ctx.clock(),
  });
  return added + 1;
}
