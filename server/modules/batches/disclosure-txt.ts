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

/** An original's name in originals/: its staged photo's name, with the original's own extension. */
export const originalName = (row: Pick<Row, 'originalImageUrl'>, stagedName: string) =>
  stagedName.replace(/\.jpg$/, row.originalImageUrl?.endsWith('.png') ? '.png' : '.jpg');

/**
 * Adds DISCLOSURE.txt to a batch ZIP, after the photos and originals batch-zip.ts writes: a line a photo
 * with its original's name and its live page.
 */
export async function addDisclosureEntry(
  ctx: AppContext,
  zip: ZipFile,
  rows: Row[],
  stagedNames: string[],
  batchLink: string | null,
): Promise<void> {
  const lines: DisclosureLine[] = [];
  for (const [i, row] of rows.entries()) {
    const staged = stagedNames[i]!;
    lines.push({
      staged,
      original: originalName(row, staged),
      link: (await liveLinkFor(ctx, row.id))?.url ?? null,
    });
  }
  zip.addBuffer(Buffer.from(disclosureText(batchLink, lines), 'utf8'), 'DISCLOSURE.txt', {
    mtime: ctx.clock(),
  });
}
