import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import type { Batch } from '#shared/schemas/batches.ts';
import { layoutResponseSchema, type Piece } from '#shared/schemas/layout.ts';
import { batches, transformations } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { FIXTURES, setAccount, upload } from '#tests/helpers/staging.ts';
import { itemOf, piecesOf } from '#server/engines/local/arrange/room-model.ts';
import type { EngineTask } from '#server/engines/worker/tasks.ts';
import { ledgerSum } from '../credits/index.ts';
import { furnitureSetOf } from './furniture-set.ts';

let t: TestContext;
let photos: Buffer[];
/** Every staging task the worker pool was handed: what the engine receives (the furniture set among it). */
const staged: Extract<EngineTask, { op: 'stage' }>[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const real = t.ctx.pool;
  t.ctx.pool = {
    run: (task, signal) => {
      if (task.op === 'stage') staged.push(task);
      return real.run(task, signal);
    },
    isSaturated: () => real.isSaturated(),
    close: () => real.close(),
  };
  // Rooms where the engine stands furniture for the room type each is staged as (see the charging test):
  // a photo where it places nothing is refunded (decision 0110), which would move the ledger.
  const names = ['empty-bedroom-01.jpg', 'empty-dining-02.jpg', 'empty-office-02.jpg', 'empty-living-03.jpg'];
  photos = await Promise.all(
    names.map((n) => sharp(path.join(FIXTURES, n)).resize({ width: 360 }).jpeg().toBuffer()),
  );
});
afterAll(async () => t?.close());

function post(cookie: string, files: Uint8Array[], fields: Record<string, string>) {
  const form = new FormData();
  for (const [i, f] of files.entries())
    form.append('images', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), `room-${i}.jpg`);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.app.request('/api/batches', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
  });
}

async function user(credits: number) {
  const u = await createVerifiedAccount(t);
  await setAccount(t, u.id, { monthlyUsage: 3, credits });
  return { ...u, cookie: await signIn(t, u) };
}

const storedFiles = () => {
  const root = path.join(t.dataDir, 'images');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(root, f)).isFile(),
      ).length
    : 0;
};

/** The batch once every photo has settled (polled as the dashboard does). */
async function settled(created: Batch, cookie: string): Promise<Batch> {
  let batch = created;
  for (let i = 0; i < 600 && batch.completed + batch.failed < batch.total; i++) {
    await new Promise((r) => setTimeout(r, 100));
    batch = (await (await api(t, 'GET', `/api/batches/${created.id}`, { cookie })).json()) as Batch;
  }
  return batch;
}

describe('POST /api/batches validation is all or nothing', () => {
  it('refuses the whole batch when one photo is bad, naming it, and charges nothing', async () => {
    const u = await user(5);
    const before = storedFiles();
    const res = await post(u.cookie, [photos[0]!, Buffer.from('not an image at all'), photos[1]!], {
      style: 'modern',
      roomType: 'bedroom',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Photo 2: /);
    expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, u.id))).toEqual([]);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(storedFiles()).toBe(before);
  });

  it.each([
    [{ style: 'modern' }, /either one roomType/],
    [{ style: 'modern', roomType: 'bedroom', roomTypes: '["bedroom"]' }, /either one roomType/],
    [{ style: 'modern', roomTypes: '["bedroom"]' }, /1 entries for 2 photos/],
    [{ style: 'modern', roomTypes: '["garage","bedroom"]' }, /JSON array of room types/],
    [{ style: 'baroque', roomType: 'bedroom' }, /Invalid style/],
  ])('400 for %j', async (fields, message) => {
    const u = await user(5);
    const res = await post(u.cookie, [photos[0]!, photos[1]!], fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });

  it('refuses a batch with a photo whose room type is unset, naming the photos, and changes nothing', async () => {
    const u = await user(5);
    const before = storedFiles();
    const three = [photos[0]!, photos[1]!, photos[2]!];
    for (const [roomTypes, message] of [
      [
        '["bedroom",null,"kitchen"]',
        'Choose a room type for photo 2: it was not detected, and no room type was chosen for the listing.',
      ],
      [
        '["","bedroom",null]',
        'Choose a room type for photos 1 and 3: it was not detected, and no room type was chosen for the listing.',
      ],
    ] as const) {
      const res = await post(u.cookie, three, { style: 'modern', roomTypes });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, u.id))).toEqual([]);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(storedFiles()).toBe(before);
  });

  it('400 for more than 30 photos, 401 for visitors', async () => {
    const u = await user(0);
    const many = Array.from({ length: 31 }, () => photos[0]!);
    expect((await post(u.cookie, many, { style: 'modern', roomType: 'bedroom' })).status).toBe(400);
    expect((await post('', [photos[0]!], { style: 'modern', roomType: 'bedroom' })).status).toBe(401);
  });

  it('answers the usage-limit 403 when the balance cannot pay for every photo, and charges nothing', async () => {
    const u = await user(2);
    const res = await post(u.cookie, photos.slice(0, 3), { style: 'modern', roomType: 'bedroom' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: USAGE_LIMIT_MESSAGE });
    expect((await userById(t, u.id))?.creditsBalance).toBe(2);
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(2);
  });
});

describe('a batch runs photo by photo', () => {
  it('charges per photo, reports per-photo progress and completes every photo', async () => {
    const u = await user(4);
    const roomTypes = ['bedroom', 'dining-room', 'office', 'living-room'];
    const res = await post(u.cookie, photos, { style: 'scandinavian', roomTypes: JSON.stringify(roomTypes) });
    expect(res.status).toBe(202);
    const created = (await res.json()) as Batch;
    expect(created).toMatchObject({ style: 'scandinavian', total: 4 });
    expect(created.items.map((i) => [i.index, i.roomType, i.creditsCost])).toEqual(
      roomTypes.map((r, i) => [i, r, 1]),
    );
    expect(created.items.every((i) => i.status === 'processing' || i.status === 'completed')).toBe(true);
    expect((await userById(t, u.id))?.creditsBalance).toBe(0);
    // Photo i may wait for the i photos before it: each deadline is one staging timeout after the last.
    const rows = await t.ctx.db
      .select({ index: transformations.batchIndex, deadlineAt: transformations.deadlineAt })
      .from(transformations)
      .where(eq(transformations.userId, u.id));
    const deadlines = rows.sort((a, b) => a.index! - b.index!).map((r) => r.deadlineAt!.getTime());
    expect(deadlines.slice(1).map((d, i) => d - deadlines[i]!)).toEqual(
      [1, 2, 3].map(() => t.ctx.env.STAGING_TIMEOUT_MS),
    );

    const batch = await settled(created, u.cookie);
    expect(batch).toMatchObject({ total: 4, completed: 4, failed: 0 });
    expect(batch.items.every((i) => i.state === 'completed' && i.transformedImageUrl && i.thumbnailUrl)).toBe(
      true,
    );
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(0);

    const other = await user(0);
    expect((await api(t, 'GET', `/api/batches/${created.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await api(t, 'GET', '/api/batches/not-a-uuid', { cookie: other.cookie })).status).toBe(400);
  }, 120_000);
});

describe('the same furniture in every photo (decision 0256)', () => {
  /** A batch staged to the end: the furniture set each run was handed, its variant, and the pieces built. */
  async function stageBatch(fields: Record<string, string>, files: Buffer[], roomTypes: string[]) {
    const u = await user(10);
    const res = await post(u.cookie, files, {
      style: 'modern',
      roomTypes: JSON.stringify(roomTypes),
      ...fields,
    });
    expect(res.status).toBe(202);
    const created = (await res.json()) as Batch;
    const done = await settled(created, u.cookie);
    expect(done.failed).toBe(0);
    // Runs go in upload order (same priority, one worker): the last `files.length` stage tasks are this batch's.
    const tasks = staged.slice(-files.length);
    expect(tasks.map((task) => task.roomType)).toEqual(roomTypes);
    // What the engine built: each photo's stored layout, its pieces with their model variants.
    const pieces: Piece[] = [];
    for (const item of done.items) {
      const layout = await api(t, 'GET', `/api/transformations/${item.id}/layout`, { cookie: u.cookie });
      pieces.push(...layoutResponseSchema.parse(await layout.json()).pieces);
    }
    return {
      batch: created,
      cookie: u.cookie,
      pieces,
      sets: tasks.map((task) => task.furnitureSet),
      variants: tasks.map((task) => task.variant),
    };
  }

  it('stages every photo of a listing with the batch’s one set, by default; a regeneration keeps it', async () => {
    // The first photo twice: the second run is a regeneration (another variant), in the same set.
    const { batch, pieces, sets, variants } = await stageBatch(
      {},
      [photos[0]!, photos[3]!, photos[0]!],
      ['bedroom', 'living-room', 'bedroom'],
    );
    expect(batch.sameFurniture).toBe(true);
    expect(variants).toEqual([0, 0, 1]);
    const set = furnitureSetOf(batch.id);
    expect(sets).toEqual([set, set, set]);
    expect(Number.isInteger(set) && set >= 0 && set < 2 ** 31).toBe(true);
    // Every piece built is the set's design of its type, as the engine's own choice would give it.
    expect(pieces.map((p) => p.type)).toEqual(expect.arrayContaining(['bed', 'sofa']));
    expect(pieces.map((p) => [p.type, p.variant])).toEqual(
      pieces.map((p) => [p.type, piecesOf([itemOf(p)], 0, set)[0]!.variant]),
    );
    // Another consistent listing gets another set.
    const other = await stageBatch({ sameFurniture: 'true' }, [photos[1]!], ['dining-room']);
    expect(other.sets).toEqual([furnitureSetOf(other.batch.id)]);
    expect(other.sets[0]).not.toBe(set);
  }, 120_000);

  it('a listing’s photo staged again on its own keeps the listing’s set; a photo of no listing gets none', async () => {
    const { batch, cookie } = await stageBatch({}, [photos[3]!], ['living-room']);
    const single = (photo: Buffer, roomType: string) =>
      upload(t, '/api/transform-room', photo, {
        cookie,
        fields: { style: 'modern', roomType, acceptFewerPieces: 'true' },
      });
    expect((await single(photos[3]!, 'living-room')).status).toBe(200);
    expect(staged.at(-1)).toMatchObject({ variant: 1, furnitureSet: furnitureSetOf(batch.id) });
    expect((await single(photos[2]!, 'office')).status).toBe(200);
    expect(staged.at(-1)).toMatchObject({ variant: 0, roomType: 'office' });
    expect(staged.at(-1)).not.toHaveProperty('furnitureSet');
  }, 120_000);

  it('sends no set when the agent unticks it', async () => {
    const { batch, sets } = await stageBatch(
      { sameFurniture: 'false' },
      [photos[1]!, photos[2]!],
      ['dining-room', 'office'],
    );
    expect(batch.sameFurniture).toBe(false);
    expect(sets).toEqual([undefined, undefined]);
    const rows = await t.ctx.db
      .select({ set: transformations.furnitureSet })
      .from(transformations)
      .where(eq(transformations.batchId, batch.id));
    expect(rows).toEqual([{ set: null }, { set: null }]);
  }, 120_000);

  it('400 for a flag that is not true or false, and changes nothing', async () => {
    const u = await user(5);
    const before = storedFiles();
    const res = await post(u.cookie, [photos[0]!], {
      style: 'modern',
      roomType: 'bedroom',
      sameFurniture: 'yes',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'sameFurniture must be true or false' });
    expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, u.id))).toEqual([]);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(storedFiles()).toBe(before);
  });
});
