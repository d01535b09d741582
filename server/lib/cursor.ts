import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Keyset pagination on (created_at desc, id desc). The cursor is the last row's key, base64url-encoded
 * so clients treat it as opaque. The timestamp travels as PostgreSQL's own text (microseconds and
 * offset): a JS Date keeps only milliseconds and would skip or repeat rows created in the same ms.
 */
/** One page of a keyset-paginated list: after this key (null: the first page), at most `limit` rows. */
export interface PageQuery {
  after: CursorKey | null;
  limit: number;
}

export interface CursorKey {
  ts: string;
  id: string;
}

const keySchema = z.object({
  ts: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/),
  id: z.uuid(),
});

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string | undefined): CursorKey | null {
  if (!cursor) return null;
  try {
    const parsed = keySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // not base64url JSON: same answer as a malformed key
  }
  throw badRequest('Invalid cursor');
}

/** Splits the limit+1 rows a page query fetched into the page and the next cursor (null on the last page). */
export function toPage<T extends { id: string; cursorTs: string }>(
  rows: T[],
  limit: number,
): { rows: Omit<T, 'cursorTs'>[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null;
  return { rows: page.map(({ cursorTs: _ts, ...row }) => row), nextCursor };
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern built from user text. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
