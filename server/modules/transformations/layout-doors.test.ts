// A door's keep-clear zone in the stored room (decision 0230): the engine keeps the floor a door's leaf
// sweeps clear, and a piece the agent drags there is refused with the reason; a room stored before the
// zones were kept (no `doors`) still loads and has none. The floor crossed to reach a door (its
// approach, decision 0250) is stored with it and refused the same way.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformationRooms } from '#server/db/schema/index.ts';
import { LAYOUT_MESSAGES } from '#shared/constants/layout.ts';
import { layoutResponseSchema, type LayoutResponse, type RoomModel } from '#shared/schemas/layout.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';

let t: TestContext;
let cookie: string;
let id: string;
let first: LayoutResponse;
beforeAll(async () => {
  t = await createTestContext();
  cookie = await signIn(t, await createVerifiedAccount(t));
  const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-03.jpg', 600), {
    cookie,
    fields: { style: 'modern', roomType: 'living-room' },
  });
  expect(res.status).toBe(200);
  id = ((await res.json()) as { id: string }).id;
  const layout = await api(t, 'GET', `/api/transformations/${id}/layout`, { cookie });
  expect(layout.status).toBe(200);
  first = layoutResponseSchema.parse(await layout.json());
}, 180_000);
afterAll(async () => t?.close());

const preview = (pieces: unknown) =>
  api(t, 'POST', `/api/transformations/${id}/layout/preview`, { cookie, body: { pieces } });
const save = (pieces: unknown) =>
  api(t, 'POST', `/api/transformations/${id}/layout`, { cookie, body: { pieces } });

async function storedRoom(): Promise<RoomModel> {
  const [row] = await t.ctx.db
    .select({ room: transformationRooms.room })
    .from(transformationRooms)
    .where(eq(transformationRooms.transformationId, id));
  return row!.room;
}
const storeRoom = (room: RoomModel) =>
  t.ctx.db.update(transformationRooms).set({ room }).where(eq(transformationRooms.transformationId, id));

describe('door keep-clear zones in the stored room', () => {
  it('stores the doors the engine kept clear with the room (none found here: an empty list)', async () => {
    expect((await storedRoom()).constraint.doors).toEqual([]);
  });

  it('refuses a piece standing where a door opens, with the reason, on preview and save', async () => {
    const room = await storedRoom();
    // The rug lies under the group; without it the sofa is the one piece at the door.
    const pieces = first.pieces.filter((p) => p.type !== 'rug');
    const sofa = pieces.find((p) => p.type === 'sofa')!;
    // A door's swing on the sofa's spot; its image box in the photo's top-left corner, away from every piece.
    const door = {
      swing: { a: sofa.x, b: sofa.z, w: 0.2, d: 0.2, rot: 0 },
      box: { x0: 0, y0: 0, x1: 2, y1: 2 },
    };
    await storeRoom({ ...room, constraint: { ...room.constraint, doors: [door] } });
    try {
      for (const send of [preview, save]) {
        const res = await send(pieces);
        expect(res.status).toBe(422);
        expect(((await res.json()) as { message: string }).message).toBe(LAYOUT_MESSAGES.blocksDoor('Sofa'));
      }
    } finally {
      await storeRoom(room);
    }
  });

  it('refuses a piece on the floor crossed to reach a door (its stored approach), away from its swing', async () => {
    const room = await storedRoom();
    const pieces = first.pieces.filter((p) => p.type !== 'rug');
    const sofa = pieces.find((p) => p.type === 'sofa')!;
    // The swing far off the floor; the approach (image pixels, decision 0250) over the whole photo.
    const door = {
      swing: { a: sofa.x + 50, b: sofa.z + 50, w: 0.2, d: 0.2, rot: 0 },
      box: { x0: 0, y0: 0, x1: 2, y1: 2 },
      approach: [
        [0, 0],
        [room.width, 0],
        [room.width, room.height],
        [0, room.height],
      ] as [number, number][],
    };
    await storeRoom({ ...room, constraint: { ...room.constraint, doors: [door] } });
    try {
      const res = await preview(pieces);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/where the door opens/);
      // Without the approach (a room stored before it) the same door leaves the arrangement alone.
      await storeRoom({
        ...room,
        constraint: { ...room.constraint, doors: [{ ...door, approach: undefined }] },
      });
      expect((await preview(pieces)).status).toBe(200);
    } finally {
      await storeRoom(room);
    }
  });

  it('loads a room stored before the zones were kept, as a room with none', async () => {
    const room = await storedRoom();
    const { doors: _, ...constraint } = room.constraint;
    await storeRoom({ ...room, constraint });
    const res = await api(t, 'GET', `/api/transformations/${id}/layout`, { cookie });
    expect(res.status).toBe(200);
    expect(layoutResponseSchema.parse(await res.json()).room.constraint.doors).toBeUndefined();
    // The same arrangement the door refused above is accepted without the zone.
    const ok = await preview(first.pieces.filter((p) => p.type !== 'rug'));
    expect(ok.status).toBe(200);
  });
});
