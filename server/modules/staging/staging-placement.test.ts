// The check before payment and the refund for fewer pieces, on the local engine through the real
// worker pool. furnished-bedroom-01 staged as a bedroom: its bed already stands where a new bed would
// go, so the layout cannot place the main piece (the placement-check test below asserts it first, so a
// change of engine rules shows up there and not as a puzzling money failure).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { creditLedger, transformations } from '#server/db/schema/index.ts';
import { ledgerSum } from '../credits/index.ts';
import { CRASH_FAILURE } from '../jobs/index.ts';
import { failAndRefund } from '../jobs/index.ts';

let t: TestContext;
let bedWithBed: Buffer;
let bedBelowFrame: Buffer;
let emptyLiving: Buffer;
const bedroom = { style: 'modern', roomType: 'bedroom' };

beforeAll(async () => {
  t = await createTestContext();
  bedWithBed = await smallFixture('furnished-bedroom-01.jpg', 640);
  bedBelowFrame = await smallFixture('empty-bedroom-01.jpg', 640);
  emptyLiving = await smallFixture('empty-living-03.jpg', 640);
}, 120_000);
afterAll(async () => t?.close());

async function agent(a: { monthlyUsage?: number; credits?: number }) {
  const u = await createVerifiedAccount(t);
  const cookie = await signIn(t, u);
  await setAccount(t, u.id, a);
  return { u, cookie };
}

const balance = async (id: string) => (await userById(t, id))?.creditsBalance;
const sumOf = (id: string) => t.ctx.db.transaction((tx) => ledgerSum(tx, id));
const rowsOf = (id: string) => t.ctx.db.select().from(transformations).where(eq(transformations.userId, id));

describe('POST /api/placement-check', () => {
  it('says the main piece does not fit a bedroom whose bed is already there, and fits an empty living room', async () => {
    const res = await upload(t, '/api/placement-check', bedWithBed, { fields: bedroom });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ checked: true, mainPiece: false, mainPieceKind: 'bed' });
    const ok = await upload(t, '/api/placement-check', emptyLiving, {
      fields: { style: 'modern', roomType: 'living-room' },
    });
    expect(await ok.json()).toMatchObject({ checked: true, mainPiece: true, mainPieceKind: 'sofa' });
  }, 60_000);

  it.each([
    [{ style: 'modern', roomType: 'garage' }, 'Invalid room type'],
    [{ style: 'baroque', roomType: 'bedroom' }, 'Invalid style'],
    [{ style: 'modern' }, 'Invalid room type'],
  ])('400 for %j', async (fields, message) => {
    const res = await upload(t, '/api/placement-check', bedWithBed, { fields });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });

  it('400 without an image, 415 for content that is not a photo', async () => {
    const none = await upload(t, '/api/placement-check', null, { fields: bedroom });
    expect(none.status).toBe(400);
    const text = await upload(t, '/api/placement-check', Buffer.from('not an image'), { fields: bedroom });
    expect(text.status).toBe(415);
  });
});

describe('acceptFewerPieces', () => {
  it('refuses a value that is not true/false with a 400, and charges nothing', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 3, credits: 2 });
    for (const value of ['yes', 'TRUE', '']) {
      const res = await upload(t, '/api/transform-room', bedWithBed, {
        cookie,
        fields: { ...bedroom, acceptFewerPieces: value },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'acceptFewerPieces must be true or false' });
    }
    expect(await rowsOf(u.id)).toHaveLength(0);
    expect(await balance(u.id)).toBe(2);
  });
});

describe('a run without the main piece', () => {
  it('is refunded automatically when not accepted: balance equals the ledger, and a replay refunds nothing', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 3, credits: 2 });
    const res = await upload(t, '/api/transform-room', bedWithBed, { cookie, fields: bedroom });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refundedFewerPieces: true, creditsCost: 0 });
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ status: 'completed', chargedFrom: 'credit', refundedFewerPieces: true });
    expect(await balance(u.id)).toBe(2);
    expect(await sumOf(u.id)).toBe(2);
    const ledger = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
    expect(ledger.filter((l) => l.sourceId === row!.id).map((l) => [l.source, l.delta])).toEqual(
      expect.arrayContaining([
        ['transformation', -1],
        ['transformation_refund', 1],
      ]),
    );
    // Whatever else tries to settle the row later (recovery, a late failure) finds it completed.
    expect(await failAndRefund(t.ctx, row!.id, CRASH_FAILURE)).toBeNull();
    expect(await balance(u.id)).toBe(2);
    expect(await sumOf(u.id)).toBe(2);
  }, 120_000);

  it('gives the monthly allowance back too', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 1 });
    const res = await upload(t, '/api/transform-room', bedWithBed, { cookie, fields: bedroom });
    expect(res.status).toBe(200);
    expect((await userById(t, u.id))?.monthlyUsage).toBe(1);
  }, 120_000);

  it('is charged when the agent accepted it before paying and some pieces were placed', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 3, credits: 2 });
    // A bed standing below the frame: the run places pieces, but not a main piece the photo shows.
    const res = await upload(t, '/api/transform-room', bedBelowFrame, {
      cookie,
      fields: { ...bedroom, acceptFewerPieces: 'true' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refundedFewerPieces: false, creditsCost: 1 });
    expect(await balance(u.id)).toBe(1);
    expect(await sumOf(u.id)).toBe(1);
  }, 120_000);

  it('is refunded when it placed nothing at all, even though the agent accepted fewer pieces', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 3, credits: 2 });
    const res = await upload(t, '/api/transform-room', bedWithBed, {
      cookie,
      fields: { ...bedroom, acceptFewerPieces: 'true' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refundedFewerPieces: true, creditsCost: 0 });
    expect(await balance(u.id)).toBe(2);
    expect(await sumOf(u.id)).toBe(2);
  }, 120_000);

  it('a run that places its main piece is charged as usual', async () => {
    const { u, cookie } = await agent({ monthlyUsage: 3, credits: 2 });
    const res = await upload(t, '/api/transform-room', emptyLiving, {
      cookie,
      fields: { style: 'modern', roomType: 'living-room' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refundedFewerPieces: false, creditsCost: 1 });
    expect(await balance(u.id)).toBe(1);
  }, 120_000);
});
