// The query side of keyset pagination (cursor.ts): the SQL fragments list repos build pages with.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CursorKey } from './cursor.ts';

/** The text form of a timestamptz column, exact to the microsecond, for the next cursor. */
export const cursorTs = (createdAt: AnyColumn) => sql<string>`${createdAt}::text`;

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
export const afterCursor = (createdAt: AnyColumn, id: AnyColumn, key: CursorKey): SQL =>
  sql`(${createdAt}, ${id}) < (${key.ts}::timestamptz, ${key.id}::uuid)`;
