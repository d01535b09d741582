// The whole staging path (upload, worker pool, replay engine, structure guard, storage, API) on
// real generative outputs recorded in the shared corpus.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { setAccount, upload } from '#tests/helpers/staging.ts';
import { fromRoot } from '#server/lib/paths.ts';

const CORPUS = path.resolve(fromRoot(), '../shared/corpus/ai-staging-pairs');
const fields = { style: 'modern', roomType: 'living-room' };
// Two guard runs (a retry for the redesign) on photos up to 5 MP: generous on a loaded test machine.
const SLOW = 180_000;
let t: TestContext;
let cookie: string;

describe.skipIf(!fs.existsSync(CORPUS))('POST /api/transform-room with STAGING_ENGINE=replay', () => {
  beforeAll(async () => {
    t = await createTestContext({ STAGING_ENGINE: 'replay', REPLAY_DIR: CORPUS });
    const agent = await createVerifiedAccount(t);
    cookie = await signIn(t, agent);
    await setAccount(t, agent.id, { monthlyUsage: 0, credits: 5 });
  }, SLOW);
  afterAll(async () => t?.close());

  it(
    'delivers a staging that kept the room at the photo size, without the review notice',
    async () => {
      const photo = fs.readFileSync(path.join(CORPUS, 'maateusx__ai-virtual-staging/1-before.jpg'));
      const res = await upload(t, '/api/transform-room', photo, { cookie, fields });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        engine: 'replay',
        needsReview: false,
        reviewReasons: [],
        width: 1049,
        height: 1400,
      });
      expect(body.confidence).toBeGreaterThanOrEqual(60);
      const img = await t.app.request(body.transformedImage as string, { headers: { Cookie: cookie } });
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1049, 1400]);
    },
    SLOW,
  );

  it(
    'flags a redesign that repainted the room for review, with a low confidence',
    async () => {
      const photo = fs.readFileSync(path.join(CORPUS, 'wuyu-wuhua__Room-Design/3-before.png'));
      const res = await upload(t, '/api/transform-room', photo, {
        cookie,
        fields,
        fileName: 'room.png',
        type: 'image/png',
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ engine: 'replay', needsReview: true, width: 2560, height: 1920 });
      expect(body.confidence).toBeLessThan(60);
      // The guard's specific finding reaches the user and is stored with the transformation.
      expect(body.reviewReasons).toContain('walls-repainted');
      const list = await t.app.request('/api/transformations', { headers: { Cookie: cookie } });
      const stored = ((await list.json()) as { id: string; reviewReasons: string[] }[]).find(
        (x) => x.id === body.id,
      );
      expect(stored?.reviewReasons).toEqual(body.reviewReasons);
    },
    SLOW,
  );

  it('refunds and explains a photo the replay engine has no recording for', async () => {
    const other = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    const res = await upload(t, '/api/transform-room', other, { cookie, fields });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /No recorded result exists for this photo/,
    );
  });
});
