import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type OpenAIReply } from '#tests/fakes/openai-server.ts';
import { editablePlane, FAKE_SOFA_COLOUR } from '#tests/fakes/staged-drawing.ts';
import { EMPTY_ROOMS, loadFixture } from '#tests/helpers/engine-fixtures.ts';
import {
  expectCancelled,
  expectConfigError,
  expectReasonPassedOn,
  expectTimeout,
  expectUnreachable,
  stageFailure,
  stageRequest,
} from '#tests/helpers/remote-engine-kit.ts';
import { DEFAULT_MODELS } from '#server/engines/provider-models.ts';
import { identifyImage } from '#server/engines/local/identify.ts';
import { editMask } from '#server/engines/remote/edit-mask.ts';
import { DECLUTTER_SENTENCE } from '#server/engines/remote/prompts.ts';
import type { RoomImage } from '#server/engines/types.ts';
import { EngineConfigError } from '#server/engines/remote/errors.ts';
import { createOpenAIEngine, outputSize, type OpenAIEngineOptions } from './index.ts';

let fake: FakeOpenAI;
let room: RoomImage;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  room = await loadFixture(EMPTY_ROOMS[0]!, 640);
});
afterAll(() => fake.close());

const engine = (opts: Partial<OpenAIEngineOptions> = {}) =>
  createOpenAIEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    model: DEFAULT_MODELS.openaiImage,
    quality: 'high',
    timeoutMs: 10_000,
    ...opts,
  });
const req = stageRequest('scandinavian', 'living-room', 0);

const stageError = (
  reply: OpenAIReply | null,
  opts: Partial<OpenAIEngineOptions> = {},
  signal?: AbortSignal,
) => stageFailure(fake, reply, engine(opts), room, req({ signal }));

describe('openai stage', () => {
  it('sends the photo, a same-size PNG mask of the floor analysis (transparent = editable) and the preserve prompt', async () => {
    const staged = await engine().stage(room, req());
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.fields).toMatchObject({
      model: 'gpt-image-2',
      quality: 'high',
      output_format: 'png',
      n: '1',
      size: '1536x1024',
    });
    expect(sent.fields.prompt).toMatch(
      /^Virtually stage this empty living room in Scandinavian style\. Add only movable furniture/,
    );
    // The photo is padded (mirrored) to the 3:2 output, the padding marked "keep".
    const pw = room.width / room.height < 1.5 ? Math.round(room.height * 1.5) : room.width;
    const ph = room.width / room.height < 1.5 ? room.height : Math.round(room.width / 1.5);
    const left = Math.floor((pw - room.width) / 2);
    const top = Math.floor((ph - room.height) / 2);
    const img = await sharp(sent.image!.data).metadata();
    const mask = await sharp(sent.mask!.data).metadata();
    expect([img.format, img.width, img.height]).toEqual(['png', pw, ph]);
    expect([mask.format, mask.width, mask.height, mask.hasAlpha]).toEqual(['png', pw, ph, true]);
    const sentPixels = await sharp(sent.image!.data).removeAlpha().raw().toBuffer();
    let photoDiffers = 0;
    for (let y = 0; y < room.height; y++)
      for (let x = 0; x < room.width; x++)
        for (let c = 0; c < 3; c++)
          if (sentPixels[((y + top) * pw + x + left) * 3 + c] !== room.data[(y * room.width + x) * 3 + c])
            photoDiffers++;
    expect(photoDiffers).toBe(0);
    // Inside the photo, exactly the region the local engine's floor analysis gives; outside it, keep.
    const expected = editMask(room);
    const got = await editablePlane(sent.mask!.data, 'transparent-editable');
    let differing = 0;
    let paddingEditable = 0;
    for (let y = 0; y < ph; y++)
      for (let x = 0; x < pw; x++) {
        const inside = x >= left && x < left + room.width && y >= top && y < top + room.height;
        const editable = got[y * pw + x]! > 0;
        if (!inside) paddingEditable += editable ? 1 : 0;
        else if (editable !== expected.data[(y - top) * room.width + x - left]! > 0) differing++;
      }
    expect([differing, paddingEditable]).toEqual([0, 0]);
    expect(expected.share).toBeGreaterThan(0.1);

    // The answer is cropped back to the photo's area: the photo's aspect, at the model's resolution.
    expect(Math.abs(staged.image.width / staged.image.height - room.width / room.height)).toBeLessThan(0.01);
    expect(Math.max(staged.image.width, staged.image.height)).toBeGreaterThan(1000);
    expect(staged.furnitureMask).toHaveLength(staged.image.width * staged.image.height);
    expect(staged.furnitureMask.every((v) => v === 0)).toBe(true);
    expect(sent.fields).not.toHaveProperty('input_fidelity');
    expect(staged.notes.join(' ')).toContain('gpt-image-2');
    // The fake painted its sofa inside the mask only; some of it is in the delivered frame.
    let sofa = 0;
    for (let i = 0; i < staged.image.width * staged.image.height; i++) {
      const d = staged.image.data;
      if (
        d[i * 3] === FAKE_SOFA_COLOUR.r &&
        d[i * 3 + 1] === FAKE_SOFA_COLOUR.g &&
        d[i * 3 + 2] === FAKE_SOFA_COLOUR.b
      )
        sofa++;
    }
    expect(sofa).toBeGreaterThan(0);
  });

  it('caps the upload at 1536 px and picks the output size nearest the photo', async () => {
    const big = await loadFixture(EMPTY_ROOMS[1]!);
    await engine().stage(big, req());
    const meta = await sharp(fake.requests.at(-1)!.image!.data).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(Math.min(1536, Math.max(big.width, big.height)));
    expect(outputSize(4032, 3024)).toBe('1536x1024');
    expect(outputSize(3024, 4032)).toBe('1024x1536');
    expect(outputSize(1100, 1000)).toBe('1024x1024');
  });

  it('declutters with the removal sentence, a taller mask, and reports that region as changed', async () => {
    const staged = await engine().stage(room, req({ declutter: true }));
    const sent = fake.requests.at(-1)!;
    expect(
      sent.fields.prompt!.startsWith(
        `${DECLUTTER_SENTENCE} Then virtually stage the living room in Scandinavian style.`,
      ),
    ).toBe(true);
    const got = await editablePlane(sent.mask!.data, 'transparent-editable');
    const expected = editMask(room, { declutter: true });
    expect(got.reduce((n, v) => n + (v ? 1 : 0), 0)).toBe(expected.data.reduce((n, v) => n + (v ? 1 : 0), 0));
    const marked = staged.furnitureMask.reduce((n, v) => n + (v ? 1 : 0), 0) / staged.furnitureMask.length;
    expect(marked).toBeCloseTo(expected.share, 1);
  });

  it('identifies locally without calling the provider', async () => {
    const before = fake.requests.length;
    const id = await engine().identify(room);
    expect(id).toEqual(identifyImage(room));
    expect(fake.requests.length).toBe(before);
  });
});

const SAFETY = 'The AI service declined to stage this photo (safety filter). Try a different photo.';

describe('openai models and parameters', () => {
  it.each(['gpt-image-1', 'gpt-image-0'])(
    'maps an unknown or shut-down model (%s: 404 model_not_found) to a missing model',
    async (model) => {
      const err = await stageError(null, { model });
      expectConfigError(err, 'OpenAI HTTP 404 model_not_found', 'model');
      expect(err instanceof EngineConfigError && err.modelMissing).toBe(true);
    },
  );

  it('sends input_fidelity only to a model that takes it (gpt-image-1.5 until its shutdown)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00Z') });
    try {
      await engine({ model: 'gpt-image-1.5' }).stage(room, req());
      expect(fake.requests.at(-1)!.fields).toMatchObject({ model: 'gpt-image-1.5', input_fidelity: 'high' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('would be refused by the gpt-image-2 family with the old always-sent input_fidelity', async () => {
    // The raw wire call the old adapter made: the fake answers as OpenAI does.
    const form = new FormData();
    for (const [k, v] of Object.entries({ model: 'gpt-image-2', prompt: 'x', input_fidelity: 'high' }))
      form.set(k, v);
    form.set(
      'image',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'room.png',
    );
    const res = await fetch(`${fake.baseUrl}/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: 'invalid_input_fidelity_model',
      param: 'input_fidelity',
    });
  });

  it('maps an unverified organisation (403) to a configuration error that says so', async () => {
    const err = await stageError({ kind: 'unverified' });
    expectConfigError(err, 'OpenAI HTTP 403', 'forbidden');
    expect(String(err.cause)).toMatch(/verify the organisation/);
  });
});

describe('openai provider errors', () => {
  it('maps 429 to busy with Retry-After from the header (retry-after-ms wins), 60 s without one', async () => {
    const err = await stageError({
      kind: 'error',
      status: 429,
      code: 'rate_limit_exceeded',
      retryAfter: '17',
    });
    expect([err.code, err.status, err.message]).toEqual([
      'unavailable',
      503,
      'The AI service is busy right now. Please try again in a minute.',
    ]);
    expect(err.headers['Retry-After']).toBe('17');
    expect(
      (await stageError({ kind: 'error', status: 429, retryAfter: '17', retryAfterMs: '2500' })).headers[
        'Retry-After'
      ],
    ).toBe('3');
    expect((await stageError({ kind: 'error', status: 429 })).headers['Retry-After']).toBe('60');
  });

  it('does not retry on its own: one request per 429', async () => {
    const before = fake.requests.length;
    await stageError({ kind: 'error', status: 429, retryAfter: '1' });
    expect(fake.requests.length).toBe(before + 1);
  });

  it('maps an exhausted quota (429 insufficient_quota) to a configuration error, not "busy"', async () => {
    const err = await stageError({
      kind: 'error',
      status: 429,
      code: 'insufficient_quota',
      type: 'insufficient_quota',
    });
    expectConfigError(err, 'OpenAI HTTP 429 insufficient_quota', 'credit');
  });

  it.each(['moderation_blocked', 'content_policy_violation'])(
    'maps a %s refusal (HTTP 400) to the safety message',
    async (code) => {
      const err = await stageError({
        kind: 'error',
        status: 400,
        code,
        message: 'Your request was rejected by the safety system.',
      });
      expect([err.code, err.status, err.message]).toEqual(['unprocessable', 422, SAFETY]);
    },
  );

  it.each([500, 502, 503])('maps HTTP %i to unavailable', async (status) => {
    expect((await stageError({ kind: 'error', status })).message).toMatch(/temporarily unavailable/);
  });

  it('maps a wrong key (401) to a configuration error without echoing the key', async () => {
    const err = await stageError(null, { apiKey: 'sk-wrong-secret-key' });
    expectConfigError(err, 'OpenAI HTTP 401 invalid_api_key', 'key');
    expect(JSON.stringify({ m: err.message, c: String(err.cause), h: err.headers })).not.toContain(
      'sk-wrong-secret-key',
    );
  });

  it.each<[string, OpenAIReply, string, string]>([
    [
      'an answer without data',
      { kind: 'raw', status: 200, body: JSON.stringify({ created: 1, data: [] }) },
      'unprocessable',
      'The AI service returned no image. Please try again.',
    ],
    [
      'undecodable base64',
      {
        kind: 'raw',
        status: 200,
        body: JSON.stringify({ created: 1, data: [{ b64_json: 'bm90IGFuIGltYWdl' }] }),
      },
      'unprocessable',
      'The AI service returned an unreadable image. Please try again.',
    ],
  ])('maps %s to a clear error', async (_label, reply, code, message) => {
    const err = await stageError(reply);
    expect([err.code, err.message]).toEqual([code, message]);
  });

  it('maps a non-JSON 200 body to a clear error', async () => {
    const err = await stageError({
      kind: 'raw',
      status: 200,
      body: '<html>gateway</html>',
      contentType: 'application/json',
    });
    expect(err.message).toMatch(/AI service/);
    expect(err.status).toBeGreaterThanOrEqual(422);
  });

  it('times out', () => expectTimeout(() => stageError({ kind: 'hang' }, { timeoutMs: 300 })));

  it('honours the request signal, and passes an AppError reason on without calling the provider', async () => {
    await expectCancelled((signal) => stageError({ kind: 'hang' }, {}, signal));
    await expectReasonPassedOn(fake, (signal) => engine().stage(room, req({ signal })));
  });

  it('maps an unreachable provider to unavailable', () =>
    expectUnreachable((origin) => stageError(null, { baseUrl: `${origin}/v1` })));
});
