/** Spec 01: the result downloads as a PNG named transformed-room-{timestamp}. */
export function transformedFileName(now: number | Date = Date.now()): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  return `transformed-room-${ms}.png`;
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
