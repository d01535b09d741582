import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { transformations } from '#server/db/schema/index.ts';
import type { HistoryPage } from '#shared/schemas/history.ts';
import { likeTerm, searchTerms } from './history.repo.ts';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext();
  const me = await createVerifiedAccount(t);
  const other = await createVerifiedAccount(t);
  cookie = await signIn(t, me);
  const base = Date.UTC(2026, 0, 1);
  const row = (userId: string, i: number, extra: Partial<typeof transformations.$inferInsert>) => ({
    userId,
    style: 'modern',
    roomType: 'living-room',
    createdAt: new Date(base + i * 60_000),
    ...extra,
  });
  await t.ctx.db
    .insert(transformations)
    .values([
      row(me.id, 1, { userTitle: '12 Oak Street – lounge', userNotes: 'Seller wants warm tones' }),
      row(me.id, 2, { style: 'scandinavian', roomType: 'bedroom', userNotes: 'Oak floor, north light' }),
      row(me.id, 3, { style: 'industrial', roomType: 'kitchen', userTitle: 'Loft 4B' }),
      row(me.id, 4, { style: 'bohemian', roomType: 'living-room', userTitle: '100%_done' }),
      row(me.id, 5, { style: 'scandinavian', roomType: 'dining-room' }),
      row(other.id, 6, { userTitle: 'Oak Street (someone else)' }),
    ]);
});
afterAll(async () => t?.close());

const search = async (query: string) => {
  const res = await api(t, 'GET', `/api/transformations/search${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as HistoryPage & { message?: string } };
};
const titles = (p: HistoryPage) => p.items.map((i) => i.userTitle ?? `${i.style}/${i.roomType}`);

describe('GET /api/transformations/search', () => {
  it('needs a signed-in user', async () => {
    expect((await api(t, 'GET', '/api/transformations/search')).status).toBe(401);
  });

  it('tells when each image will be deleted: IMAGE_RETENTION_DAYS after the row was made, on every row', async () => {
    const { body } = await search('');
    expect(body.items.length).toBeGreaterThan(1);
    const days = t.ctx.env.IMAGE_RETENTION_DAYS;
    for (const item of body.items) {
      expect(item.retentionDays).toBe(days);
      expect(Date.parse(item.imagesExpireAt) - Date.parse(item.createdAt)).toBe(days * 24 * 60 * 60 * 1000);
    }
  });

  it("finds words in the title and the notes, only in the user's own history, case-insensitively", async () => {
    const { body } = await search('?q=oak');
    expect(titles(body)).toEqual(['scandinavian/bedroom', '12 Oak Street – lounge']);
    expect(body.total).toBe(2);
    expect(body.totalAll).toBe(5);
  });

  it('matches style and room type, "living room" included, and every word must match', async () => {
    expect(titles((await search('?q=Scandinavian')).body)).toEqual([
      'scandinavian/dining-room',
      'scandinavian/bedroom',
    ]);
    expect(titles((await search('?q=living%20room')).body)).toEqual(['100%_done', '12 Oak Street – lounge']);
    expect(titles((await search('?q=oak%20bedroom')).body)).toEqual(['scandinavian/bedroom']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(titles((await search('?q=%25_')).body)).toEqual(['100%_done']);
    expect(likeTerm('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
    expect(searchTerms('  Oak   STREET ')).toEqual(['oak', 'street']);
  });

  it('filters, sorts and pages on the server, and lists the styles and rooms that exist', async () => {
    const { body } = await search('?style=scandinavian&sort=date&dir=asc');
    expect(titles(body)).toEqual(['scandinavian/bedroom', 'scandinavian/dining-room']);
    const page2 = (await search('?sort=date&dir=desc&page=2&pageSize=2')).body;
    expect(titles(page2)).toEqual(['Loft 4B', 'scandinavian/bedroom']);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(new Set(body.styles)).toEqual(new Set(['modern', 'scandinavian', 'industrial', 'bohemian']));
    expect(new Set(body.rooms)).toEqual(new Set(['living-room', 'bedroom', 'kitchen', 'dining-room']));
    const byTitle = titles((await search('?sort=title&dir=asc')).body);
    expect(byTitle[0]).toBe('100%_done');
  });

  it('refuses bad parameters with a message', async () => {
    for (const [q, message] of [
      ['?pageSize=500', 'pageSize must be at most 100'],
      ['?page=0', 'page must be at least 1'],
      ['?sort=price', 'sort must be date, style or title'],
    ] as const) {
      const r = await search(q);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
  });
});
