import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeStagingHttp,
  type FakeStagingHttp,
  type HttpReply,
} from '#tests/fakes/staging-http-server.ts';
import { editablePlane, FAKE_SOFA_BOX, FAKE_SOFA_COLOUR } from '#tests/fakes/staged-drawing.ts';
import { EMPTY_ROOMS, loadFixture } from '#tests/helpers/engine-fixtures.ts';
import {
  expectCancelled,
  expectConfigError,
  expectTimeout,
  expectUnreachable,
  stageFailure,
  stageRequest,
} from '#tests/helpers/remote-engine-kit.ts';
import { editMask } from '#server/engines/remote/edit-mask.ts';
import { paintedMask } from '#server/engines/remote/painted-mask.ts';
import { polygonArea } from '#shared/schemas/staging.ts';
import type { RoomImage } from '#server/engines/types.ts';
import { createHttpEngine, type HttpEngineOptions } from './index.ts';

let fake: FakeStagingHttp;
let room: RoomImage;
beforeAll(async () => {
  fake = await startFakeStagingHttp();
  room = await loadFixture(EMPTY_ROOMS[6]!, 800);
});
afterAll(() => fake.close());

const engine = (opts: Partial<HttpEngineOptions> = {}) =>
  createHttpEngine({ url: fake.url, token: fake.token, timeoutMs: 10_000, maxEdge: 2048, ...opts });
const req = stageRequest('industrial', 'office', 2);

const stageError = (reply: HttpReply | null, opts: Partial<HttpEngineOptions> = {}, signal?: AbortSignal) =>
  stageFailure(fake, reply, engine(opts), room, req({ signal }));

describe('http (self-hosted) stage', () => {
  it('posts image, same-size mask (white = editable, from the floor analysis), prompt, style, roomType, seed, declutter and the token', async () => {
    const staged = await engine().stage(room, req());
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.token}`);
    expect(sent.fields).toMatchObject({
      style: 'industrial',
      roomType: 'office',
      seed: '2',
      declutter: 'false',
    });
    expect(sent.fields.prompt).toMatch(/^Virtually stage this empty office in Industrial style\./);
    const [im, mk] = await Promise.all([sharp(sent.image!).metadata(), sharp(sent.mask!).metadata()]);
    expect([im.format, im.width, im.height]).toEqual(['jpeg', room.width, room.height]);
    expect([mk.format, mk.width, mk.height]).toEqual(['png', room.width, room.height]);
    const got = await editablePlane(sent.mask!, 'white-editable');
    const expected = editMask(room);
    let differing = 0;
    for (let i = 0; i < expected.data.length; i++) if (got[i]! > 0 !== expected.data[i]! > 0) differing++;
    expect(differing).toBe(0);
    expect([staged.image.width, staged.image.height]).toEqual([room.width, room.height]);
    // The reference server paints only where the mask allows: pixels of the sofa box outside it are the photo's.
    const w = room.width;
    let sofa = 0;
    let leaked = 0;
    for (
      let y = Math.round(FAKE_SOFA_BOX.top * room.height);
      y < Math.round((FAKE_SOFA_BOX.top + FAKE_SOFA_BOX.height) * room.height);
      y++
    )
      for (
        let x = Math.round(FAKE_SOFA_BOX.left * w);
        x < Math.round((FAKE_SOFA_BOX.left + FAKE_SOFA_BOX.width) * w);
        x++
      ) {
        const i = (y * w + x) * 3;
        const isSofa =
          staged.image.data[i] === FAKE_SOFA_COLOUR.r &&
          staged.image.data[i + 1] === FAKE_SOFA_COLOUR.g &&
          staged.image.data[i + 2] === FAKE_SOFA_COLOUR.b;
        if (expected.data[y * w + x]) sofa += isSofa ? 1 : 0;
        else leaked += isSofa ? 1 : 0;
      }
    expect(sofa).toBeGreaterThan(0);
    expect(leaked).toBe(0);
  });

  it("ignores a listing's furniture set (decision 0256): the same fields as without one", async () => {
    await engine().stage(room, req());
    const without = fake.requests.at(-1)!.fields;
    await engine().stage(room, { ...req(), furnitureSet: 123_456 });
    expect(fake.requests.at(-1)!.fields).toEqual(without);
  });

  it('sends declutter=true and a JPEG answer decodes too; no token, no Authorization header', async () => {
    fake.enqueue({ kind: 'image', format: 'jpeg' });
    const staged = await engine().stage(room, req({ declutter: true }));
    expect(fake.requests.at(-1)!.fields.declutter).toBe('true');
    expect(staged.image.width).toBe(room.width);
    // The reference server requires its token: without one the engine sends no header and gets 401.
    const before = fake.requests.length;
    const err = await stageError(null, { token: undefined });
    expect(fake.requests.length).toBe(before);
    expectConfigError(err, 'Self-hosted engine HTTP 401 unauthorized', 'key');
  });

  it("sends the agent's painted furniture area as the mask instead of the floor analysis' (decision 0181)", async () => {
    // The left half of the floor band only: the engine's own area spans the whole floor.
    const area = [
      [
        [0.05, 0.6],
        [0.45, 0.55],
        [0.5, 0.95],
        [0.1, 0.98],
      ],
    ] as [number, number][][];
    const staged = await engine().stage(room, { ...req(), furnishArea: area });
    const got = await editablePlane(fake.requests.at(-1)!.mask!, 'white-editable');
    const expected = paintedMask(area, room.width, room.height);
    let differing = 0;
    for (let i = 0; i < expected.data.length; i++) if (got[i]! > 0 !== expected.data[i]! > 0) differing++;
    expect(differing).toBe(0);
    // Not the automatic area, and the filled share is the polygon's area.
    expect(expected.share).toBeCloseTo(polygonArea(area[0]!), 2);
    const auto = editMask(room);
    let unlike = 0;
    for (let i = 0; i < auto.data.length; i++) if (got[i]! > 0 !== auto.data[i]! > 0) unlike++;
    expect(unlike / auto.data.length).toBeGreaterThan(0.05);
    // The reference server painted its sofa inside the area only.
    let outside = 0;
    for (let p = 0; p < expected.data.length; p++) {
      const i = p * 3;
      const isSofa =
        staged.image.data[i] === FAKE_SOFA_COLOUR.r &&
        staged.image.data[i + 1] === FAKE_SOFA_COLOUR.g &&
        staged.image.data[i + 2] === FAKE_SOFA_COLOUR.b;
      if (isSofa && !expected.data[p]) outside++;
    }
    expect(outside).toBe(0);
  });

  it('caps the upload at maxEdge', async () => {
    await engine({ maxEdge: 400 }).stage(room, req());
    const meta = await sharp(fake.requests.at(-1)!.mask!).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(400);
  });
});

describe('http (self-hosted) errors', () => {
  it('maps 429 with Retry-After to busy', async () => {
    const err = await stageError({ kind: 'error', status: 429, retryAfter: '9' });
    expect([err.code, err.message, err.headers['Retry-After']]).toEqual([
      'unavailable',
      'The AI service is busy right now. Please try again in a minute.',
      '9',
    ]);
  });

  it('maps code safety_blocked to the safety message', async () => {
    const err = await stageError({ kind: 'error', status: 422, code: 'safety_blocked' });
    expect([err.code, err.message]).toEqual([
      'unprocessable',
      'The AI service declined to stage this photo (safety filter). Try a different photo.',
    ]);
  });

  it.each<[HttpReply, string]>([
    [
      { kind: 'error', status: 503 },
      'The AI service is temporarily unavailable. Please try again in a few minutes.',
    ],
    [{ kind: 'error', status: 504 }, 'The AI service took too long to answer. Please try again.'],
    [
      { kind: 'raw', status: 200, body: '{"image": "..."}' },
      'The AI service returned no image. Please try again.',
    ],
    [
      { kind: 'raw', status: 200, body: 'garbage', contentType: 'image/png' },
      'The AI service returned an unreadable image. Please try again.',
    ],
  ])('maps %j to a clear message', async (reply, message) => {
    expect((await stageError(reply)).message).toBe(message);
  });

  it('times out, honours the signal, and reports an unreachable server', async () => {
    await expectTimeout(() => stageError({ kind: 'hang' }, { timeoutMs: 300 }));
    await expectCancelled((signal) => stageError({ kind: 'hang' }, {}, signal));
    await expectUnreachable((origin) => stageError(null, { url: `${origin}/stage` }));
  });
});
