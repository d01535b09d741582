// One file name for a staged photo wherever it is downloaded (home page, dashboard, history, favourites):
// the agent's own title when there is one, else style and room; the day it was made; "-2x" for the
// high-resolution copy. Always a JPEG.

export type DownloadSize = 'standard' | '2x';
export const DOWNLOAD_SIZES = ['standard', '2x'] as const;

/** Letters and digits joined by single dashes, at most 60 characters; accents folded ("Café" -> "cafe"). */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export function downloadName(
  t: { userTitle: string | null; style: string; roomType: string; createdAt: Date | string },
  size: DownloadSize = 'standard',
): string {
  const base = (t.userTitle && slug(t.userTitle)) || slug(`${t.style} ${t.roomType}`) || 'staged-room';
  const day = new Date(t.createdAt).toISOString().slice(0, 10);
  return `${base}-${day}${size === '2x' ? '-2x' : ''}.jpg`;
}
