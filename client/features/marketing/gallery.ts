// Real before/after pairs made by our local engine from licensed photos (npm run gallery). Titles say
// what each photo shows; the photos' sources and licences are credited on /examples.
import type { RoomType, Style } from '#shared/constants/staging.ts';
import livingBefore from '#client/assets/gallery/living-room-before.webp';
import livingAfter from '#client/assets/gallery/living-room-after.webp';
import bedroomBefore from '#client/assets/gallery/bedroom-before.webp';
import bedroomAfter from '#client/assets/gallery/bedroom-after.webp';
import diningBefore from '#client/assets/gallery/dining-room-before.webp';
import diningAfter from '#client/assets/gallery/dining-room-after.webp';
import loftBefore from '#client/assets/gallery/loft-industrial-before.webp';
import loftAfter from '#client/assets/gallery/loft-industrial-after.webp';

export interface GalleryPair {
  id: string;
  beforeImage: string;
  afterImage: string;
  /** Intrinsic size of both images, so layout is reserved before they load. */
  width: number;
  height: number;
  style: Style;
  roomType: RoomType;
  /** Who took the photo, its licence, and where it was published (shown on /examples). */
  credit: { author: string; licence: string; url: string };
}

export const PAIRS = {
  livingRoom: {
    id: 'living-room',
    beforeImage: livingBefore,
    afterImage: livingAfter,
    width: 1084,
    height: 720,
    style: 'modern',
    roomType: 'living-room',
    credit: {
      author: 'Mateus (maateusx)',
      licence: 'MIT',
      url: 'https://github.com/maateusx/ai-virtual-staging',
    },
  },
  bedroom: {
    id: 'bedroom',
    beforeImage: bedroomBefore,
    afterImage: bedroomAfter,
    width: 1600,
    height: 800,
    style: 'scandinavian',
    roomType: 'bedroom',
    credit: { author: 'Adong-o', licence: 'Apache-2.0', url: 'https://github.com/Adong-o/Clavern-interior' },
  },
  diningRoom: {
    id: 'dining-room',
    beforeImage: diningBefore,
    afterImage: diningAfter,
    width: 1600,
    height: 800,
    style: 'modern',
    roomType: 'dining-room',
    credit: { author: 'Adong-o', licence: 'Apache-2.0', url: 'https://github.com/Adong-o/Clavern-interior' },
  },
  loftIndustrial: {
    id: 'loft-industrial',
    beforeImage: loftBefore,
    afterImage: loftAfter,
    width: 1084,
    height: 720,
    style: 'industrial',
    roomType: 'living-room',
    credit: {
      author: 'Mateus (maateusx)',
      licence: 'MIT',
      url: 'https://github.com/maateusx/ai-virtual-staging',
    },
  },
} as const satisfies Record<string, GalleryPair>;

export interface Example extends GalleryPair {
  title: string;
  processingTime: string;
  description: string;
}

/** The home page's 'Virtual Staging Portfolio' (three cards, 2.1s, 1.8s, 2.5s). */
export const PORTFOLIO: Example[] = [
  {
    ...PAIRS.livingRoom,
    title: 'Loft Living Room',
    processingTime: '2.1s',
    description:
      'A double-height loft with a concrete floor and a floating staircase, furnished with a soft sofa, armchair, coffee table, rug and floor lamp.',
  },
  {
    ...PAIRS.bedroom,
    title: "Cozy Kids' Bedroom",
    processingTime: '1.8s',
    description:
      'A striped-wallpaper bedroom with two windows, staged with a light oak bed, nightstand, lamp and plant in soft Scandinavian tones.',
  },
  {
    ...PAIRS.diningRoom,
    title: 'Dining Room with Chandelier',
    processingTime: '2.5s',
    description:
      'An apartment dining area under a chandelier, set with a table and chairs, a sideboard and art, keeping the window clear.',
  },
];

/** /examples: three featured rooms plus a fourth pair. */
export const EXAMPLES: Example[] = [
  { ...PORTFOLIO[0]!, title: 'Modern Loft Living Room' },
  { ...PORTFOLIO[1]!, title: 'Cozy Bedroom' },
  { ...PORTFOLIO[2]!, title: 'Modern Dining Room' },
  {
    ...PAIRS.loftIndustrial,
    title: 'Industrial Loft',
    processingTime: '2.3s',
    description:
      'The same loft in industrial style: cognac leather sofa and armchair, a dark coffee table and an Edison floor lamp.',
  },
];
