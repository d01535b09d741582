import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { transformations } from './transformations.ts';
import { ts, users } from './users.ts';

/**
 * The room a local-engine staging measured (camera, floor, walls, openings, light), one per
 * transformation: it does not change when the agent arranges the pieces (issue 31, decision 0157).
 */
export const transformationRooms = pgTable('transformation_rooms', {
  transformationId: uuid('transformation_id')
    .primaryKey()
    .references(() => transformations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  room: jsonb('room').$type<RoomModel>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The pieces of each version of a staging's layout: version 1 is what the engine placed, each save
 * adds the next, with the images it rendered (version 1's are the run's own, on the transformation).
 */
export const layoutVersions = pgTable(
  'layout_versions',
  {
    transformationId: uuid('transformation_id')
      .notNull()
      .references(() => transformations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    pieces: jsonb('pieces').$type<Piece[]>().notNull(),
    resultKey: text('result_key'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.transformationId, t.version] }),
    index('layout_versions_created_idx').on(t.createdAt),
  ],
);
