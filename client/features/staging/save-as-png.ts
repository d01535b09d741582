import { fetchImageBlob, saveBlob } from './download.ts';

/**
 * Saves an image URL as a real PNG file (the result is stored as JPEG; the home page promises a PNG):
 * fetched with the session cookie, re-encoded on a canvas and saved under `fileName`.
 */
export async function saveAsPng(url: string, fileName: string): Promise<void> {
  const bitmap = await createImageBitmap(await fetchImageBlob(url));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
  saveBlob(png, fileName);
}
