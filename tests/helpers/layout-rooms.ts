// Test helper: the room model and pieces the local engine stores for a fixture photo (issue 31), as
// the layout tests, the property tests of the floor rule and the benchmark read them.
import { piecesOf, roomModelOf } from '#server/engines/local/arrange/room-model.ts';
import { fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { planStaging } from '#server/engines/local/plan-staging.ts';
import type { RoomImage } from '#server/engines/types.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { layoutSchema, type Layout } from '#shared/schemas/layout.ts';
import { loadFixture } from './engine-fixtures.ts';

/** Every room photo among the fixtures (the non-room negatives have no floor to arrange). */
export const ROOM_FIXTURES = fixtureNames(/^(empty|edge|furnished)-/);

export interface FixtureLayout {
  name: string;
  img: RoomImage;
  roomType: RoomType;
  layout: Layout;
}

/**
 * The layout as stored: planned by the engine, then through JSON and the shared schema, so a test
 * reads exactly what the database hands back.
 */
export async function fixtureLayout(
  name: string,
  maxSide = 900,
  style: Style = 'modern',
): Promise<FixtureLayout> {
  const img = await loadFixture(name, maxSide);
  const roomType = roomTypeFromName(name) ?? 'living-room';
  const plan = await planStaging(img, { style, roomType, variant: 0 });
  const stored: unknown = JSON.parse(
    JSON.stringify({ room: roomModelOf(plan), pieces: piecesOf(plan.items, plan.seed) }),
  );
  return { name, img, roomType, layout: layoutSchema.parse(stored) };
}
