import sharp from 'sharp';

/** The list and history thumbnail of a delivered JPEG: a staging run's and a saved arrangement's alike. */
export async function thumbnailOf(image: Uint8Array): Promise<Uint8Array> {
  const thumbnail = await sharp(image)
    .resize(400, 400, { fit: 'inside' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength);
}
