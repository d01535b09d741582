// The staging API on a remote engine (openai against its fake, through the real worker pool): the
// capability call, declutter charged like any transformation, provider failures refunded.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '#tests/fakes/openai-server.ts';
import { startOpenAIApp, type OpenAIApp } from '#tests/helpers/openai-app.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { creditLedger, transformations } from '#server/db/schema/index.ts';
import { DECLUTTER_SENTENCE } from '#server/engines/remote/prompts.ts';
import { DECLUTTER_UNSUPPORTED } from './staging.service.ts';
import { paintedMask } from '#server/engines/remote/painted-mask.ts';
import { FURNISH_AREA_MESSAGES } from '#shared/constants/furnish-area.ts';
import { editablePlane } from '#tests/fakes/staged-drawing.ts';

let openai: OpenAIApp;
let fake: FakeOpenAI;
let t: TestContext;
let local: TestContext;
beforeAll(async () => {
  ({ fake, t } = openai = await startOpenAIApp());
  local = await createTestContext();
  // Two apps on fresh databases: migrations take a while on a loaded machine.
}, 180_000);
afterAll(async () => {
  await openai?.close();
  await local?.close();
});

const fields = { style: 'modern', roomType: 'living-room' };

async function account(ctx: TestContext, credits: number) {
  const u = await createVerifiedAccount(ctx);
  const cookie = await signIn(ctx, u);
  await setAccount(ctx, u.id, { monthlyUsage: 3, credits });
  return { u, cookie };
}

describe('GET /api/engine', () => {
  it('reports what the configured engine can do', async () => {
    expect(await (await t.app.request('/api/engine')).json()).toMatchObject({
      engine: 'openai',
      declutter: true,
      masked: true,
      plansLayout: false,
    });
    expect(await (await local.app.request('/api/engine')).json()).toMatchObject({
      engine: 'local',
      declutter: false,
      masked: false,
      plansLayout: true,
    });
  });
});

describe('POST /api/placement-check', () => {
  it('answers unchecked for an engine that plans no layout, without charging or running anything', async () => {
    const res = await upload(t, '/api/placement-check', await smallFixture('furnished-bedroom-01.jpg', 400), {
      fields: { style: 'modern', roomType: 'bedroom' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ checked: false, mainPiece: null, mainPieceKind: null, pieces: 0 });
  });
});

describe('declutter', () => {
  it('stages a furnished photo with the removal prompt and charges one credit, like any transformation', async () => {
    const { u, cookie } = await account(t, 2);
    const res = await upload(t, '/api/transform-room', await smallFixture('furnished-living-01.jpg', 400), {
      cookie,
      fields: { ...fields, declutter: 'true' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { engine: string; creditsCost: number };
    expect(body).toMatchObject({ engine: 'openai', creditsCost: 1 });
    const sent = fake.requests.at(-1)!;
    expect(sent.fields.prompt!.startsWith(DECLUTTER_SENTENCE)).toBe(true);
    expect(sent.mask).not.toBeNull();
    expect((await userById(t, u.id))?.creditsBalance).toBe(1);
  });

  it('is refused before charging on an engine that cannot do it, and a bad flag is a 400', async () => {
    const { u, cookie } = await account(local, 2);
    const res = await upload(local, '/api/transform-room', await smallFixture('empty-bedroom-01.jpg', 320), {
      cookie,
      fields: { ...fields, declutter: 'true' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: DECLUTTER_UNSUPPORTED });
    const bad = await upload(local, '/api/transform-room', await smallFixture('empty-bedroom-01.jpg', 320), {
      cookie,
      fields: { ...fields, declutter: 'maybe' },
    });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      'declutter must be true or false',
    ]);
    expect(
      await local.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id)),
    ).toHaveLength(0);
    expect((await userById(local, u.id))?.creditsBalance).toBe(2);
  });
});

describe('furnishArea (decision 0181)', () => {
  const area = [
    [
      [0.1, 0.6],
      [0.6, 0.6],
      [0.6, 0.95],
      [0.1, 0.95],
    ],
  ];

  it('is the mask the provider receives, and is stored with the run', async () => {
    const { u, cookie } = await account(t, 2);
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-01.jpg', 400), {
      cookie,
      fields: { ...fields, furnishArea: JSON.stringify(area) },
    });
    expect(res.status).toBe(200);
    const { width: w, height: h } = (await res.json()) as { width: number; height: number };
    const sent = fake.requests.at(-1)!.mask!;
    const meta = await sharp(sent.data).metadata();
    const plane = await editablePlane(sent.data, 'transparent-editable');
    // OpenAI's frame is padded to its output's aspect (letterbox.ts); the photo sits centred in it.
    const left = Math.floor((meta.width - w) / 2);
    const top = Math.floor((meta.height - h) / 2);
    const expected = paintedMask(area as [number, number][][], w, h);
    let differing = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (plane[(y + top) * meta.width + x + left]! > 0 !== expected.data[y * w + x]! > 0) differing++;
    expect(differing).toBe(0);
    const [row] = await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id));
    expect(row?.furnishArea).toEqual(area);
  });

  it.each([
    ['not JSON', '[[0.1,0.6]', FURNISH_AREA_MESSAGES.json],
    [
      'a point outside the photo',
      JSON.stringify([
        [
          [0.1, 0.6],
          [1.2, 0.6],
          [0.6, 0.95],
        ],
      ]),
      'Points must lie in the photo (0 to 1)',
    ],
    [
      'a line, no area',
      JSON.stringify([
        [
          [0.1, 0.1],
          [0.5, 0.5],
          [0.9, 0.9],
        ],
      ]),
      'A polygon has (almost) no area',
    ],
    [
      'two points',
      JSON.stringify([
        [
          [0.1, 0.1],
          [0.5, 0.5],
        ],
      ]),
      'A polygon needs at least 3 points',
    ],
    ['too many polygons', JSON.stringify(Array.from({ length: 9 }, () => area[0])), 'At most 8 polygons'],
  ])('refuses %s with a 400 and charges nothing', async (_what, value, message) => {
    const { u, cookie } = await account(t, 2);
    const before = fake.requests.length;
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-bedroom-01.jpg', 320), {
      cookie,
      fields: { ...fields, furnishArea: value },
    });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, message]);
    expect(fake.requests.length).toBe(before);
    expect(
      await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id)),
    ).toHaveLength(0);
    expect((await userById(t, u.id))?.creditsBalance).toBe(2);
  });

  it('is refused by the local engine, which places furniture itself, before charging', async () => {
    const { u, cookie } = await account(local, 2);
    const res = await upload(local, '/api/transform-room', await smallFixture('empty-bedroom-01.jpg', 320), {
      cookie,
      fields: { ...fields, furnishArea: JSON.stringify(area) },
    });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      400,
      FURNISH_AREA_MESSAGES.unsupported,
    ]);
    expect(
      await local.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id)),
    ).toHaveLength(0);
    expect((await userById(local, u.id))?.creditsBalance).toBe(2);
  });
});

describe('provider failures are refunded', () => {
  it('a 429 answers 503 with Retry-After, says so, and gives the credit back', async () => {
    const { u, cookie } = await account(t, 2);
    fake.enqueue({ kind: 'error', status: 429, code: 'rate_limit_exceeded', retryAfter: '20' });
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-bedroom-02.jpg', 400), {
      cookie,
      fields,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('20');
    expect(await res.json()).toMatchObject({
      message: 'The AI service is busy right now. Please try again in a minute. You have not been charged.',
    });
    const rows = await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    expect((await userById(t, u.id))?.creditsBalance).toBe(2);
    const ledger = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
    expect(ledger.map((l) => l.source)).toEqual(
      expect.arrayContaining(['transformation', 'transformation_refund']),
    );
  });

  it('a safety block answers 422 with the safety message and gives the credit back', async () => {
    const { u, cookie } = await account(t, 1);
    fake.enqueue({ kind: 'error', status: 400, code: 'moderation_blocked' });
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-dining-01.jpg', 400), {
      cookie,
      fields,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The AI service declined to stage this photo (safety filter). Try a different photo. You have not been charged.',
    );
    expect((await userById(t, u.id))?.creditsBalance).toBe(1);
  });
});
