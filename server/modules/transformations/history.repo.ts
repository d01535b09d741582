import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryQuery } from '#shared/schemas/history.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transformations as t } from '../../db/schema/index.ts';

const ALL = 'all';

/** LIKE wildcards in what the agent typed are literal characters. */
export const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search words: at most 8, each must match the title, the notes, the style or the room type. */
export const searchTerms = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

function termMatches(term: string): SQL {
  const p = likeTerm(term);
  return or(
    ilike(t.userTitle, p),
    ilike(t.userNotes, p),
    ilike(t.style, p),
    // "living room" finds living-room.
    sql`replace(${t.roomType}, '-', ' ') ilike ${p}`,
    ilike(t.roomType, p),
  )!;
}

/** The shown title when none was set is "{Style} {Room Type}"; sort by the same text. */
const titleKey = sql`lower(coalesce(nullif(trim(${t.userTitle}), ''), ${t.style} || ' ' || replace(${t.roomType}, '-', ' ')))`;

export async function searchHistory(db: DbOrTx, userId: string, q: HistoryQuery) {
  const where = and(
    eq(t.userId, userId),
    q.style !== ALL ? eq(t.style, q.style) : undefined,
    q.room !== ALL ? eq(t.roomType, q.room) : undefined,
    ...searchTerms(q.q).map(termMatches),
  );
  const dir = q.dir === 'asc' ? asc : desc;
  const key = q.sort === 'style' ? t.style : q.sort === 'title' ? titleKey : t.createdAt;
  const [rows, [matched], facets] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(dir(key), desc(t.createdAt), desc(t.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(t).where(where),
    db
      .select({ style: t.style, roomType: t.roomType, n: count() })
      .from(t)
      .where(eq(t.userId, userId))
      .groupBy(t.style, t.roomType),
  ]);
  return {
    rows,
    total: matched?.n ?? 0,
    totalAll: facets.reduce((s, f) => s + f.n, 0),
    styles: [...new Set(facets.map((f) => f.style))],
    rooms: [...new Set(facets.map((f) => f.roomType))],
  };
}
