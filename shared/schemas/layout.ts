// A local-engine staging's layout (issue 31, decision 0157): the room as the engine measured it and
// the pieces it placed, stored per transformation and versioned; and the API that reads, previews and
// saves an arrangement. Image positions are full-resolution pixels, floor positions metres.
import { z } from 'zod';
import { MAX_PIECES, MODEL_VARIANTS, PIECE_TYPES, SCALE_RANGE } from '../constants/layout.ts';

const num = z.number().finite();
const pt = z.tuple([num, num]);
const vec3 = z.tuple([num, num, num]);
const box = z.object({ x0: num, y0: num, x1: num, y1: num });

export const cameraSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Focal length and principal point, pixels. */
  f: num.positive(),
  cx: num,
  cy: num,
  /** Downward tilt, radians. */
  pitch: num,
  /** Eye height above the floor, metres. */
  eye: num.positive(),
  /** Room axes against the camera's forward direction, radians. */
  yaw: num,
});

export const roomModelSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  camera: cameraSchema,
  fallbackCamera: z.boolean(),
  /** Floor outline on the floor (room coordinates, metres) and in the photo (pixels, bottom corners included). */
  floor: z.array(pt).min(3),
  floorImage: z.array(pt).min(3),
  /** Stretches of the floor outline that are wall bases (not the photo's edge), room coordinates. */
  walls: z.array(z.object({ from: pt, to: pt })),
  backWall: num,
  openings: z.array(
    z.object({ kind: z.enum(['window', 'door']), x0: num, y0: num, x1: num, y1: num, brightness: num }),
  ),
  /** The photo's light as the renderer reads it (so a re-render needs no new analysis). */
  light: z.object({
    dir: vec3,
    floorColor: vec3,
    tone: z.object({ p50: num, p95: num, wallTint: vec3, noise: num }),
  }),
  /** What the floor constraint reads: the floor outlines both estimates agree on, things already standing there. */
  constraint: z.object({
    floors: z.array(z.array(pt)),
    obstacles: z.array(box),
    uprights: z.array(z.object({ u: num, foot: num, top: num, height: num })),
    fronts: z.array(z.object({ u0: num, u1: num, foot0: num, foot1: num })),
    /**
     * Doors found from one jamb and its head (decision 0201): the floor the leaf sweeps (room metres,
     * a rectangle about its centre) stays clear, and no tall piece hides the door's image box. They are
     * measured from the photo's segments, which are not stored; rooms stored before decision 0230 have
     * none (no zones).
     */
    doors: z
      .array(
        z.object({
          swing: z.object({ a: num, b: num, w: num.positive(), d: num.positive(), rot: num }),
          box,
          /** The floor crossed to reach the door, image pixels (decision 0250); absent in rooms stored before it. */
          approach: z.array(pt).optional(),
        }),
      )
      .optional(),
  }),
  /** The staging's render seed (grain), so a re-render of the same layout matches it. */
  seed: z.number().int().nonnegative(),
  /**
   * How the pieces' models are seeded: 'style' since decision 0255 (a style draws its own designs);
   * absent in rooms stored before it, which keep the designs they were staged with.
   */
  modelSeeds: z.literal('style').optional(),
  /**
   * The style's colour scheme the staging was drawn with (decision 0260): 0 the style's own colours,
   * k its k-th alternative. Absent in rooms stored before it, which keep the style's own colours.
   */
  colours: z.number().int().nonnegative().max(99).optional(),
});
export type RoomModel = z.infer<typeof roomModelSchema>;

const metres = (max: number) => num.min(-max).max(max);

export const pieceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'A piece id is 1-32 lowercase letters, digits or dashes.'),
  type: z.enum(PIECE_TYPES),
  variant: z
    .number()
    .int()
    .min(0)
    .max(MODEL_VARIANTS - 1),
  /** Centre on the floor, room coordinates: x along the back wall, z into the room. */
  x: metres(50),
  z: metres(50),
  /** Direction the front faces, radians: 0 faces the camera. */
  rotation: num.min(-2 * Math.PI).max(2 * Math.PI),
  scale: num.min(SCALE_RANGE[0]).max(SCALE_RANGE[1]),
  /** Size at scale 1, metres (the engine fits each piece to its room, so sizes differ per room). */
  size: z.object({ w: num.positive().max(5), d: num.positive().max(5), h: num.positive().max(3) }),
  /** Height of the lower edge above the floor (wall art), metres. */
  elevation: num.min(0).max(3),
  /** The engine's group (0 = the room's main group); added pieces join none. */
  group: z.number().int().min(-1).max(32),
});
export type Piece = z.infer<typeof pieceSchema>;

export const piecesSchema = z.array(pieceSchema).max(MAX_PIECES);

export const layoutSchema = z.object({ room: roomModelSchema, pieces: piecesSchema });
export type Layout = z.infer<typeof layoutSchema>;

/** GET /api/transformations/:id/layout */
/** A saved version of a layout: its number (1 is the engine's own staging) and when it was made. */
export const layoutVersionSchema = z.object({ version: z.number().int().positive(), createdAt: z.string() });
export type LayoutVersion = z.infer<typeof layoutVersionSchema>;

export const layoutResponseSchema = z.object({
  version: z.number().int().positive(),
  room: roomModelSchema,
  pieces: piecesSchema,
  catalogue: z.array(z.object({ type: z.enum(PIECE_TYPES), label: z.string() })),
  versions: z.array(layoutVersionSchema),
});
export type LayoutResponse = z.infer<typeof layoutResponseSchema>;

/** POST /api/transformations/:id/layout/preview and /layout (save). */
export const arrangeRequestSchema = z.object({ pieces: piecesSchema });
export type ArrangeRequest = z.infer<typeof arrangeRequestSchema>;

export const saveLayoutResponseSchema = z.object({
  version: z.number().int().positive(),
  transformedImageUrl: z.string(),
});
