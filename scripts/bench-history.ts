// `npm run bench:history`: GET /api/transformations/search over an agent with 5,000 transformations
// (and 5,000 of another agent in the same table), through the real app and database. PGlite by default;
// TEST_DATABASE_URL=postgres://… measures on PostgreSQL. Prints median and p95 per query shape.
import { performance } from 'node:perf_hooks';
import { ROOM_TYPES, STYLES } from '#shared/constants/staging.ts';
import { transformations } from '#server/db/schema/index.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { createTestContext } from '#tests/helpers/context.ts';

const N = 5000;
const RUNS = 30;
const WORDS = ['oak', 'maple', 'harbor', 'loft', 'cottage', 'sunny', 'corner', 'garden', 'view', 'suite'];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const t = await createTestContext();
try {
  const me = await createVerifiedAccount(t);
  const other = await createVerifiedAccount(t);
  const cookie = await signIn(t, me);
  const base = Date.UTC(2025, 0, 1);
  const rows = (userId: string) =>
    Array.from({ length: N }, (_, i) => ({
      userId,
      style: STYLES[i % STYLES.length]!,
      roomType: ROOM_TYPES[Math.floor(i / STYLES.length) % ROOM_TYPES.length]!,
      userTitle: i % 3 === 0 ? `${i} ${WORDS[i % WORDS.length]} street` : null,
      userNotes: i % 4 === 0 ? `Listing notes for ${WORDS[(i * 3) % WORDS.length]} avenue, unit ${i}` : null,
      createdAt: new Date(base + i * 3_600_000),
    }));
  for (const userId of [me.id, other.id]) {
    const all = rows(userId);
    for (let i = 0; i < all.length; i += 500)
      await t.ctx.db.insert(transformations).values(all.slice(i, i + 500));
  }
  const shapes: [string, string][] = [
    ['first page, newest first', ''],
    ['search one word (title/notes)', 'q=harbor'],
    ['search two words incl. room', 'q=oak%20living%20room'],
    ['style + room filter', 'style=modern&room=bedroom'],
    ['sort by title, page 50', 'sort=title&dir=asc&page=50'],
    ['search with no match', 'q=zzzz'],
  ];
  console.log(
    `history search: ${N} transformations for the agent (+${N} of another), ${RUNS} runs each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const [label, qs] of shapes) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await api(t, 'GET', `/api/transformations/search?${qs}`, { cookie });
      const body = (await res.json()) as { total: number };
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
      if (i >= 3) times.push(performance.now() - t0);
      total = body.total;
    }
    console.log(
      `  ${label.padEnd(32)} matches ${String(total).padStart(5)}  median ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms`,
    );
  }
} finally {
  await t.close();
}
