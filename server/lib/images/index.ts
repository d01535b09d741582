export { decodeImage, encodeImage, JPEG_DELIVERY, sniffFormat, type DecodeOptions } from './decode.ts';
export { perceptualHash, hashDistance } from './phash.ts';
export {
  applyDisclosureMark,
  drawDisclosureMark,
  disclosureMarkBox,
  DEFAULT_DISCLOSURE_TEXT,
  type DisclosureMarkOptions,
  type Corner,
} from './watermark.ts';
export { sobel, levelLineAngle, angleDiff, type Gradient, type Plane } from './gradient.ts';
export { detectSegments, type Segment, type SegmentOptions } from './segments.ts';
export type { Box, RawImage, RoomImage } from './types.ts';
export {
  addLinkMark,
  drawLinkMark,
  linkMarkLayout,
  type LinkMarkLayout,
  type LinkMarkMode,
  type LinkMarkOptions,
} from './link-mark.ts';
