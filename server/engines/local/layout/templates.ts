// Room-type templates in metres, each a list of groups anchored to a wall or the open floor. Items
// are in the group's frame: x along the wall, z into the room, rot relative to the group.
// Real dimensions: sofa 2.1 x 0.9, bed 1.6 x 2.05, dining table for six 2.0 x 1.0, desk 1.4 x 0.7.
import type { RoomType } from '#shared/constants/staging.ts';

export type ItemKind =
  | 'sofa'
  | 'armchair'
  | 'coffee-table'
  | 'side-table'
  | 'floor-lamp'
  | 'rug'
  | 'plant'
  | 'art'
  | 'bed'
  | 'nightstand'
  | 'bench'
  | 'dining-table'
  | 'round-table'
  | 'chair'
  | 'sideboard'
  | 'desk'
  | 'office-chair'
  | 'bookshelf';

export interface TemplateItem {
  kind: ItemKind;
  x: number;
  z: number;
  w: number;
  d: number;
  h: number;
  rot?: number;
  /** Dropped first when space is short (and by minimalist styling). */
  optional?: boolean;
  /** Height of the centre above the floor for wall decor. */
  elevation?: number;
}

export type Anchor = 'back' | 'left' | 'right' | 'floor' | 'corner';

export interface TemplateGroup {
  name: string;
  anchors: Anchor[];
  items: TemplateItem[];
  /** Groups marked optional may be dropped entirely. */
  optional?: boolean;
  /** Tall storage must stand against a real wall, never float. */
  needsWall?: boolean;
}

const plantGroup = (size = 1): TemplateGroup => ({
  name: 'plant',
  anchors: ['corner'],
  optional: true,
  items: [{ kind: 'plant', x: 0, z: 0.3 * size, w: 0.5 * size, d: 0.5 * size, h: 1.4 * size }],
});

const art = (w: number, h: number, elevation: number): TemplateItem => ({
  kind: 'art',
  x: 0,
  z: 0.02,
  w,
  d: 0.04,
  h,
  elevation,
});

const living: TemplateGroup[] = [
  {
    name: 'seating',
    anchors: ['back', 'left', 'right'],
    items: [
      { kind: 'rug', x: 0, z: 1.25, w: 2.8, d: 2.0, h: 0.01 },
      { kind: 'sofa', x: 0, z: 0.5, w: 2.1, d: 0.9, h: 0.8 },
      { kind: 'coffee-table', x: 0, z: 1.65, w: 1.1, d: 0.6, h: 0.4 },
      { kind: 'side-table', x: 1.35, z: 0.35, w: 0.45, d: 0.45, h: 0.55, optional: true },
      { kind: 'floor-lamp', x: -1.35, z: 0.3, w: 0.4, d: 0.4, h: 1.6, optional: true },
      { kind: 'armchair', x: 1.55, z: 1.95, w: 0.8, d: 0.8, h: 0.8, rot: -1.1, optional: true },
      art(1.1, 0.75, 1.6),
    ],
  },
  plantGroup(),
];

const bedroom: TemplateGroup[] = [
  {
    name: 'bed',
    anchors: ['back', 'left', 'right'],
    items: [
      { kind: 'rug', x: 0, z: 1.45, w: 2.4, d: 1.8, h: 0.01, optional: true },
      { kind: 'bed', x: 0, z: 1.06, w: 1.6, d: 2.05, h: 1.1 },
      { kind: 'nightstand', x: 1.12, z: 0.25, w: 0.5, d: 0.42, h: 0.55 },
      { kind: 'nightstand', x: -1.12, z: 0.25, w: 0.5, d: 0.42, h: 0.55, optional: true },
      { kind: 'bench', x: 0, z: 2.4, w: 1.2, d: 0.4, h: 0.45, optional: true },
      art(1.2, 0.6, 1.65),
    ],
  },
  plantGroup(),
];

const diningSet = (rot: number): TemplateGroup => ({
  name: 'dining',
  anchors: ['floor'],
  items: [
    { kind: 'rug', x: 0, z: 0, w: 3.0, d: 2.3, h: 0.01, rot, optional: true },
    { kind: 'dining-table', x: 0, z: 0, w: 1.9, d: 0.95, h: 0.76, rot },
    ...[-0.5, 0.5].flatMap((t) => [
      { kind: 'chair' as const, ...rotate(t, -0.76, rot), w: 0.48, d: 0.52, h: 0.85, rot: rot + Math.PI },
      { kind: 'chair' as const, ...rotate(t, 0.76, rot), w: 0.48, d: 0.52, h: 0.85, rot },
    ]),
    {
      kind: 'chair',
      ...rotate(-1.25, 0, rot),
      w: 0.48,
      d: 0.52,
      h: 0.85,
      rot: rot - Math.PI / 2,
      optional: true,
    },
    {
      kind: 'chair',
      ...rotate(1.25, 0, rot),
      w: 0.48,
      d: 0.52,
      h: 0.85,
      rot: rot + Math.PI / 2,
      optional: true,
    },
  ],
});

function rotate(x: number, z: number, rot: number): { x: number; z: number } {
  return { x: x * Math.cos(rot) - z * Math.sin(rot), z: x * Math.sin(rot) + z * Math.cos(rot) };
}

const dining = (rot: number): TemplateGroup[] => [
  diningSet(rot),
  {
    name: 'sideboard',
    anchors: ['back', 'left', 'right'],
    optional: true,
    needsWall: true,
    items: [{ kind: 'sideboard', x: 0, z: 0.25, w: 1.6, d: 0.45, h: 0.8 }, art(1.0, 0.7, 1.6)],
  },
  plantGroup(),
];

const kitchen = (rot: number): TemplateGroup[] => [
  {
    name: 'bistro',
    anchors: ['floor'],
    items: [
      { kind: 'rug', x: 0, z: 0, w: 1.9, d: 1.9, h: 0.01, optional: true },
      { kind: 'round-table', x: 0, z: 0, w: 0.9, d: 0.9, h: 0.75 },
      { kind: 'chair', ...rotate(0, 0.74, rot), w: 0.46, d: 0.5, h: 0.85, rot },
      {
        kind: 'chair',
        ...rotate(0, -0.74, rot),
        w: 0.46,
        d: 0.5,
        h: 0.85,
        rot: rot + Math.PI,
        optional: true,
      },
    ],
  },
  {
    // A runner along the worktop: the classic kitchen staging touch, and it fits galley kitchens.
    name: 'runner',
    anchors: ['back', 'left', 'right', 'floor'],
    optional: true,
    items: [{ kind: 'rug', x: 0, z: 0.55, w: 1.8, d: 0.75, h: 0.01 }],
  },
  plantGroup(0.8),
];

const office: TemplateGroup[] = [
  {
    name: 'desk',
    anchors: ['back', 'left', 'right'],
    items: [
      { kind: 'rug', x: 0, z: 0.9, w: 2.2, d: 1.6, h: 0.01, optional: true },
      { kind: 'desk', x: 0, z: 0.4, w: 1.4, d: 0.7, h: 0.75 },
      { kind: 'office-chair', x: 0, z: 1.1, w: 0.6, d: 0.6, h: 1.0, rot: Math.PI },
      { kind: 'floor-lamp', x: 1.0, z: 0.25, w: 0.4, d: 0.4, h: 1.6, optional: true },
      art(1.0, 0.7, 1.65),
    ],
  },
  {
    name: 'shelf',
    anchors: ['left', 'right', 'back'],
    optional: true,
    needsWall: true,
    items: [{ kind: 'bookshelf', x: 0, z: 0.2, w: 0.9, d: 0.36, h: 1.9 }],
  },
  plantGroup(),
];

const other: TemplateGroup[] = [
  {
    name: 'nook',
    anchors: ['back', 'left', 'right'],
    items: [
      { kind: 'rug', x: 0, z: 0.9, w: 2.4, d: 1.7, h: 0.01 },
      { kind: 'armchair', x: -0.6, z: 0.7, w: 0.8, d: 0.8, h: 0.8, rot: 0.35 },
      { kind: 'armchair', x: 0.6, z: 0.7, w: 0.8, d: 0.8, h: 0.8, rot: -0.35 },
      { kind: 'side-table', x: 0, z: 0.3, w: 0.45, d: 0.45, h: 0.55 },
      { kind: 'floor-lamp', x: -1.2, z: 0.3, w: 0.4, d: 0.4, h: 1.6, optional: true },
      art(1.0, 0.7, 1.6),
    ],
  },
  {
    name: 'console',
    anchors: ['left', 'right'],
    optional: true,
    needsWall: true,
    items: [{ kind: 'sideboard', x: 0, z: 0.22, w: 1.3, d: 0.4, h: 0.8 }],
  },
  plantGroup(),
];

/** The template for a room type; `rot` turns free-standing tables (a variant choice). */
export function templateFor(roomType: RoomType, rot = 0): TemplateGroup[] {
  switch (roomType) {
    case 'living-room':
      return living;
    case 'bedroom':
      return bedroom;
    case 'dining-room':
      return dining(rot);
    case 'kitchen':
      return kitchen(rot);
    case 'office':
      return office;
    case 'other':
      return other;
  }
}
