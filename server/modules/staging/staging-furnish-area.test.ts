// POST /api/furnish-area (decision 0213): the automatic furniture area of a masked engine, shown to
// the agent before painting. On the openai engine (its fake; nothing is sent to it here) and on the
// local engine, which has no such area, through the real worker pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIApp, type OpenAIApp } from '#tests/helpers/openai-app.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { editMask } from '#server/engines/remote/edit-mask.ts';
import { uploadFrame } from '#server/engines/remote/images.ts';
import { AUTO_AREA_EDGE } from '#server/engines/remote/auto-area.ts';
import { FURNISH_AREA_MESSAGES } from '#shared/constants/furnish-area.ts';
import { fillPolygons } from '#shared/furnish-area/grid.ts';
import { automaticAreaSchema, furnishAreaSchema, type AutomaticArea } from '#shared/schemas/staging.ts';
import { stagingKeys } from './staging-limits.ts';

let openai: OpenAIApp;
let t: TestContext;
let local: TestContext;
let photo: Buffer;
beforeAll(async () => {
  // The address a visitor is counted by comes from X-Forwarded-For behind one proxy.
  ({ t } = openai = await startOpenAIApp({ TRUST_PROXY_HOPS: '1' }));
  local = await createTestContext();
  photo = await smallFixture('empty-living-01.jpg', 800);
}, 180_000);
afterAll(async () => {
  await openai?.close();
  await local?.close();
});

async function areaOf(fields: Record<string, string> = {}): Promise<AutomaticArea> {
  const res = await upload(t, '/api/furnish-area', photo, { fields });
  expect(res.status).toBe(200);
  return automaticAreaSchema.parse(await res.json());
}

describe('POST /api/furnish-area', () => {
  it('answers the engine’s own mask as cells: what a run sends, to within the cells’ edges', async () => {
    const area = await areaOf();
    expect(area.polygons.length).toBeGreaterThan(0);
    expect(area.dropped).toBe(0);
    // Sent back unchanged, the transform form accepts it.
    expect(furnishAreaSchema.safeParse(area.polygons).success).toBe(true);
    // Against the mask made here independently (the analysis at the same frame): the cells' fill at
    // the frame's size differs from it only along the boundary, a few cells' width.
    const frame = await uploadFrame(await decodeImage(new Uint8Array(photo)), AUTO_AREA_EDGE);
    const mask = editMask(frame);
    const cells = fillPolygons(area.polygons, frame.width, frame.height);
    let differ = 0;
    let inside = 0;
    for (let i = 0; i < cells.length; i++) {
      if (cells[i]! > 0 !== mask.data[i]! > 0) differ++;
      if (cells[i]) inside++;
    }
    expect(differ / cells.length).toBeLessThan(0.03);
    expect(Math.abs(inside / cells.length - area.share)).toBeLessThan(0.03);
    expect(area.share).toBeCloseTo(mask.share, 6);
  }, 60_000);

  it('reaches higher when decluttering: old wardrobes and shelves must be removable too', async () => {
    const [stage, declutter] = [await areaOf(), await areaOf({ declutter: 'true' })];
    expect(declutter.share).toBeGreaterThan(stage.share);
    const a = fillPolygons(stage.polygons, 48, 48);
    const b = fillPolygons(declutter.polygons, 48, 48);
    // The staging area lies inside the declutter one (openings are cut out of both alike).
    let outside = 0;
    for (let i = 0; i < a.length; i++) if (a[i] && !b[i]) outside++;
    expect(outside).toBe(0);
  }, 60_000);

  it('400 for a malformed flag, and on an engine that takes no mask, before any analysis', async () => {
    const bad = await upload(t, '/api/furnish-area', photo, { fields: { declutter: 'yes' } });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      'declutter must be true or false',
    ]);
    const res = await upload(local, '/api/furnish-area', photo);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(FURNISH_AREA_MESSAGES.unsupported);
    const none = await upload(t, '/api/furnish-area', null);
    expect(none.status).toBe(400);
  });

  it('counts against the identify budget, like placement-check', async () => {
    const ip = '198.51.100.91';
    await t.ctx.db.insert(rateLimits).values({
      key: stagingKeys(t.ctx.env).identifyIp(ip),
      count: 30,
      resetAt: new Date(Date.now() + 600_000),
    });
    const f = new FormData();
    f.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
    const res = await t.app.request('/api/furnish-area', {
      method: 'POST',
      body: f,
      headers: { 'X-Requested-With': 'roomstage', 'X-Forwarded-For': ip },
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Too many images checked/);
  });
});
