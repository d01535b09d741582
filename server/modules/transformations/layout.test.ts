import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutVersions, transformationRooms, transformations, users } from '#server/db/schema/index.ts';
import { hit } from '#server/lib/rate-limit.ts';
import { deleteExpiredImages } from './retention.ts';
import { LAYOUT_MESSAGES, PREVIEW_LIMIT } from '#shared/constants/layout.ts';
import { historyPageSchema } from '#shared/schemas/history.ts';
import { layoutResponseSchema, type LayoutResponse, type Piece } from '#shared/schemas/layout.ts';
import { api, createVerifiedAccount, signIn, type Account } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';
import { withoutApp11 } from '#tests/helpers/c2pa-reader.ts';

let t: TestContext;
let me: Account;
let cookie: string;
let id: string;
let first: LayoutResponse;
beforeAll(async () => {
  t = await createTestContext();
  me = await createVerifiedAccount(t);
  cookie = await signIn(t, me);
  const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-03.jpg', 600), {
    cookie,
    fields: { style: 'modern', roomType: 'living-room' },
  });
  expect(res.status).toBe(200);
  id = ((await res.json()) as { id: string }).id;
}, 180_000);
afterAll(async () => t?.close());

const base = () => `/api/transformations/${id}/layout`;
const getLayout = (c = cookie) => api(t, 'GET', base(), { cookie: c });
const preview = (pieces: unknown, c = cookie) =>
  api(t, 'POST', `${base()}/preview`, { cookie: c, body: { pieces } });
const save = (pieces: unknown, c = cookie) => api(t, 'POST', base(), { cookie: c, body: { pieces } });

const imageFiles = () =>
  fs
    .readdirSync(path.join(t.dataDir, 'images'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).length;

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const [row] = await t.ctx.db.select().from(transformations).where(eq(transformations.id, id));
  const [user] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
  const versions = await t.ctx.db
    .select()
    .from(layoutVersions)
    .where(eq(layoutVersions.transformationId, id));
  const files = fs.readdirSync(path.join(t.dataDir, 'images'), { recursive: true }).length;
  return {
    image: row!.transformedImageUrl,
    regenerations: row!.regenerationCount,
    cost: row!.creditsCost,
    usage: user!.monthlyUsage,
    credits: user!.creditsBalance,
    versions: versions.length,
    files,
  };
}

describe('GET /api/transformations/:id/layout', () => {
  it('gives the room, the pieces the engine placed (version 1) and the catalogue', async () => {
    const res = await getLayout();
    expect(res.status).toBe(200);
    first = layoutResponseSchema.parse(await res.json());
    expect(first.version).toBe(1);
    expect(first.versions).toHaveLength(1);
    expect(first.pieces.some((p) => p.type === 'sofa')).toBe(true);
    expect(first.catalogue.map((c) => c.type)).toContain('armchair');
    expect(first.room.width).toBe(600);
  });

  it('answers 404 for another user and 401 without a session', async () => {
    const other = await signIn(t, await createVerifiedAccount(t));
    expect((await getLayout(other)).status).toBe(404);
    expect((await api(t, 'GET', base())).status).toBe(401);
  });
});

describe('refusals change nothing', () => {
  const sofa = () => first.pieces.find((p) => p.type === 'sofa')!;
  const without = (p: Piece) => first.pieces.filter((q) => q.id !== p.id);
  const cases: [string, () => unknown, number, string | RegExp][] = [
    [
      'an unknown piece type',
      () => [...first.pieces, { ...sofa(), id: 'x-1', type: 'throne' }],
      400,
      /Invalid option/,
    ],
    [
      'a piece the room does not offer',
      () => [...first.pieces, { ...sofa(), id: 'bed-9', type: 'bed' }],
      422,
      LAYOUT_MESSAGES.unknownPiece('Bed'),
    ],
    ['a position out of range', () => [...without(sofa()), { ...sofa(), x: 500 }], 400, /50/],
    ['a scale out of range', () => [...without(sofa()), { ...sofa(), scale: 3 }], 400, /2/],
    ['a rotation out of range', () => [...without(sofa()), { ...sofa(), rotation: 100 }], 400, /6\.28/],
    ['a model variant out of range', () => [...without(sofa()), { ...sofa(), variant: 99 }], 400, /5/],
    ['two pieces with one id', () => [...first.pieces, { ...sofa() }], 400, LAYOUT_MESSAGES.duplicateId],
    [
      'a drop off the floor',
      () => [...without(sofa()), { ...sofa(), x: 30, z: -20 }],
      422,
      'The sofa would stand off the floor.',
    ],
    [
      'a piece moved onto another',
      () => {
        const table = first.pieces.find((p) => p.type === 'coffee-table')!;
        return first.pieces.map((p) => (p === table ? { ...p, x: sofa().x, z: sofa().z } : p));
      },
      422,
      LAYOUT_MESSAGES.onPiece('Coffee table', 'Sofa'),
    ],
    [
      'an unrealistic size',
      () => [...without(sofa()), { ...sofa(), scale: 1.9 }],
      422,
      /^A sofa .* m wide is not realistic/,
    ],
  ];
  for (const [what, pieces, status, message] of cases) {
    it(`${what}: ${status} on preview and save`, async () => {
      const before = await snapshot();
      for (const send of [preview, save]) {
        const res = await send(pieces());
        expect(res.status).toBe(status);
        const body = (await res.json()) as { message: string };
        if (typeof message === 'string') expect(body.message).toBe(message);
        else expect(body.message).toMatch(message);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it("another user's transformation: 404, nothing rendered or stored", async () => {
    const before = await snapshot();
    const other = await signIn(t, await createVerifiedAccount(t));
    expect((await preview(first.pieces, other)).status).toBe(404);
    expect((await save(first.pieces, other)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('signed out, a malformed id or no pieces at all: 401 / 400, nothing rendered or stored', async () => {
    const before = await snapshot();
    const body = { pieces: first.pieces };
    expect((await api(t, 'POST', `${base()}/preview`, { body })).status).toBe(401);
    expect((await api(t, 'POST', base(), { body })).status).toBe(401);
    const bad = '/api/transformations/not-a-uuid/layout';
    expect((await api(t, 'POST', `${bad}/preview`, { cookie, body })).status).toBe(400);
    expect((await api(t, 'POST', bad, { cookie, body })).status).toBe(400);
    expect((await api(t, 'GET', bad, { cookie })).status).toBe(400);
    expect((await api(t, 'POST', `${base()}/preview`, { cookie, body: {} })).status).toBe(400);
    expect((await api(t, 'POST', base(), { cookie, body: {} })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('a transformation without a layout: 409 with why', async () => {
    const [room] = await t.ctx.db
      .select()
      .from(transformationRooms)
      .where(eq(transformationRooms.transformationId, id));
    await t.ctx.db.delete(transformationRooms).where(eq(transformationRooms.transformationId, id));
    try {
      const res = await preview(first.pieces);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ code: 'conflict', message: LAYOUT_MESSAGES.noLayout });
    } finally {
      await t.ctx.db.insert(transformationRooms).values(room!);
    }
  });
});

describe('preview and save', () => {
  it('previews an arrangement as a JPEG of the photo, free', async () => {
    const before = await snapshot();
    const moved = first.pieces.filter((p) => p.type !== 'plant');
    const res = await preview(moved);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([first.room.width, first.room.height]);
    expect(await snapshot()).toEqual(before);
  });

  it(`limits previews to ${PREVIEW_LIMIT.perMinute} a minute per account, with Retry-After`, async () => {
    // The window already holds a full minute of previews (one was counted above).
    for (let i = 1; i < PREVIEW_LIMIT.perMinute; i++)
      await hit(
        t.ctx.db,
        `layout-preview:${me.id}`,
        { limit: PREVIEW_LIMIT.perMinute, windowMs: 60_000 },
        t.ctx.clock(),
      );
    const res = await preview(first.pieces);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ code: 'rate_limited', message: LAYOUT_MESSAGES.previewLimit });
    // Saving is not a preview: the limit does not stop it.
  });

  it('saves a new version whose image the download takes; free, no regeneration used', async () => {
    const before = await snapshot();
    const oldImage = Buffer.from(
      await (await api(t, 'GET', `/api/transformations/${id}/download`, { cookie })).arrayBuffer(),
    );
    const pieces = first.pieces.filter(
      (p) => p.type !== 'plant' && p.type !== 'floor-lamp' && p.type !== 'art',
    );
    const res = await save(pieces);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      version: 2,
      transformedImageUrl: `/api/transformations/${id}/images/transformed?v=2`,
    });
    const after = await snapshot();
    expect(after).toMatchObject({
      regenerations: before.regenerations,
      cost: before.cost,
      usage: before.usage,
      credits: before.credits,
      versions: 2,
      files: before.files + 2,
    });
    expect(after.image).not.toBe(before.image);
    const newImage = Buffer.from(
      await (await api(t, 'GET', `/api/transformations/${id}/download`, { cookie })).arrayBuffer(),
    );
    // Compared without the Content Credentials, which differ on every download (0190).
    expect(withoutApp11(newImage).equals(withoutApp11(oldImage))).toBe(false);
    const layout = layoutResponseSchema.parse(await (await getLayout()).json());
    expect(layout.version).toBe(2);
    expect(layout.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(layout.pieces.map((p) => p.id)).toEqual(pieces.map((p) => p.id));

    // The history list shows both versions, oldest first, with their dates (decision 0180); the
    // comparison keeps the original as its before image.
    const page = historyPageSchema.parse(
      await (await api(t, 'GET', '/api/transformations/search', { cookie })).json(),
    );
    const item = page.items.find((x) => x.id === id)!;
    expect(item.layoutVersions?.map((v) => v.version)).toEqual([1, 2]);
    expect(item.layoutVersions?.map((v) => v.createdAt)).toEqual(
      [...layout.versions].reverse().map((v) => v.createdAt),
    );
    expect(item.transformedImageUrl).toBe(`/api/transformations/${id}/images/transformed`);
    expect(item.originalImageUrl).toBe(`/api/transformations/${id}/images/original`);
  });

  it('deleting the transformation removes the saved images too', async () => {
    expect(imageFiles()).toBeGreaterThanOrEqual(5);
    const res = await api(t, 'DELETE', `/api/transformations/${id}`, { cookie });
    expect(res.status).toBe(200);
    const left = fs
      .readdirSync(path.join(t.dataDir, 'images'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && (e.parentPath.includes('results') || e.parentPath.includes('thumbnails')));
    expect(left).toHaveLength(0);
  });
  it(
    'the retention job deletes the saved images with the rest and keeps the versions',
    { timeout: 120_000 },
    async () => {
      // A second staging, arranged and saved.
      const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-03.jpg', 480), {
        cookie,
        fields: { style: 'modern', roomType: 'living-room' },
      });
      id = ((await res.json()) as { id: string }).id;
      const { pieces } = layoutResponseSchema.parse(await (await getLayout()).json());
      expect((await save(pieces.filter((p) => p.type !== 'plant'))).status).toBe(200);
      expect(imageFiles()).toBe(5);
      t.setNow(new Date(Date.now() + (t.ctx.env.IMAGE_RETENTION_DAYS + 1) * 86_400_000));
      try {
        expect(await deleteExpiredImages(t.ctx)).toBe(1);
      } finally {
        t.setNow(undefined);
      }
      // The upload, the run's result and thumbnail, and the saved version's two images: all gone.
      expect(imageFiles()).toBe(0);
      const versions = await t.ctx.db
        .select()
        .from(layoutVersions)
        .where(eq(layoutVersions.transformationId, id));
      expect(versions).toHaveLength(2);
      expect(versions.every((v) => v.resultKey === null && v.thumbnailKey === null)).toBe(true);
    },
  );
});
