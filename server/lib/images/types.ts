// The pixel types lib/images decodes to and encodes from; the staging engines take and return them.

/** Packed 8-bit RGB pixels, row-major, no padding. */
export interface RawImage {
  readonly width: number;
  readonly height: number;
  readonly channels: 3;
  readonly data: Uint8Array;
}

/** A decoded upload: EXIF-rotated sRGB pixels plus the normalised (metadata-free) encoded bytes. */
export interface RoomImage extends RawImage {
  readonly format: 'jpeg' | 'png';
  /** Re-encoded from `data`: no EXIF, GPS, ICC or XMP left. */
  readonly bytes: Uint8Array;
}

/** A rectangle in image pixels, left/top to right/bottom (each user says whether bounds are inclusive). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
