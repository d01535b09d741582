import type { DisclosureMark } from '#shared/constants/disclosure.ts';
import type { DownloadSize } from '#shared/constants/download.ts';
import { throwIfNotOk } from '#client/lib/api.ts';

/** The file name from a Content-Disposition header (`attachment; filename="x.jpg"`), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * Saves a staged photo the same way from every page: the server's JPEG, named after the agent's title
 * (GET /api/transformations/{id}/download). `2x` is the high-resolution copy for paid plans; `mark`
 * adds the public page's short link and/or QR code to the "Virtually Staged" mark.
 */
export async function downloadTransformation(
  id: string,
  size: DownloadSize = 'standard',
  mark: DisclosureMark = 'none',
): Promise<void> {
  const query = `size=${size}${mark === 'none' ? '' : `&disclosure=${mark}`}`;
  const res = await fetch(`/api/transformations/${encodeURIComponent(id)}/download?${query}`, {
    credentials: 'include',
  });
  await throwIfNotOk(res);
  saveBlob(
    await res.blob(),
    fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? 'staged-room.jpg',
  );
}

/** Fetches an image with the session cookie; a failure becomes an Error with the status. */
export async function fetchImageBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  return res.blob();
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = objectUrl;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}

/**
 * Saves an image URL under `fileName`. The image is fetched as a blob first, because the `download`
 * attribute is ignored for some responses and we want a real file, not a navigation.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  saveBlob(await fetchImageBlob(url), fileName);
}
