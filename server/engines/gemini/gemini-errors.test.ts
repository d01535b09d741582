import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini, type FakeReply } from '#tests/fakes/gemini-server.ts';
import type { RoomImage } from '#server/engines/types.ts';
import { DEFAULT_MODELS } from '#server/engines/provider-models.ts';
import { EngineConfigError } from '#server/engines/remote/errors.ts';
import {
  expectCancelled,
  expectConfigError,
  expectReasonPassedOn,
  expectTimeout,
  expectUnreachable,
  stageFailure,
  stageRequest,
} from '#tests/helpers/remote-engine-kit.ts';
import { geminiEngine } from '#tests/helpers/gemini-engine.ts';
import type { GeminiEngineOptions } from './index.ts';

let fake: FakeGemini;
let img: RoomImage;
beforeAll(async () => {
  fake = await startFakeGemini();
  const data = new Uint8Array(96 * 64 * 3).fill(180);
  const bytes = new Uint8Array(
    await sharp(data, { raw: { width: 96, height: 64, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
  img = { width: 96, height: 64, channels: 3, data, format: 'jpeg', bytes };
});
afterAll(() => fake.close());

const engine = (opts: Partial<GeminiEngineOptions> = {}) => geminiEngine(fake, opts);
const req = stageRequest('modern', 'bedroom', 0);

/** `reply` null: the request never reaches the fake's reply queue (refused key, unreachable host). */
const stageError = (reply: FakeReply | null, opts: Partial<GeminiEngineOptions> = {}, signal?: AbortSignal) =>
  stageFailure(fake, reply, engine(opts), img, req({ signal }));

const SAFETY = 'The AI service declined to stage this photo (safety filter). Try a different photo.';
const NO_IMAGE = 'The AI service returned no image. Please try again.';

describe('gemini provider errors', () => {
  it('maps 429 to unavailable with the busy message and Google RetryInfo as Retry-After', async () => {
    const err = await stageError({ kind: 'error', status: 429, retryDelay: '17s' });
    expect([err.code, err.status, err.message]).toEqual([
      'unavailable',
      503,
      'The AI service is busy right now. Please try again in a minute.',
    ]);
    expect(err.headers['Retry-After']).toBe('17');
    expect((await stageError({ kind: 'error', status: 429 })).headers['Retry-After']).toBe('60');
  });

  it.each([500, 502, 503])('maps HTTP %i to unavailable', async (status) => {
    const err = await stageError({ kind: 'error', status });
    expect(err.code).toBe('unavailable');
    expect(err.message).toMatch(/temporarily unavailable/);
  });

  it.each([
    [400, 'Gemini HTTP 400 INVALID_ARGUMENT', 'parameter'],
    [401, 'Gemini HTTP 401 UNAUTHENTICATED', 'key'],
    [403, 'Gemini HTTP 403 PERMISSION_DENIED', 'forbidden'],
    [404, 'Gemini HTTP 404 NOT_FOUND', 'model'],
  ] as const)(
    'maps HTTP %i to a configuration error (503, plain message) that does not leak the key',
    async (status, code, operator) => {
      const err = await stageError({ kind: 'error', status, message: `API key ${fake.apiKey} was refused` });
      expectConfigError(err, code, operator);
      expect(JSON.stringify({ m: err.message, c: String(err.cause), h: err.headers })).not.toContain(
        fake.apiKey,
      );
    },
  );

  it('maps a wrong API key (Google answers 400 API_KEY_INVALID) to a key error without echoing it', async () => {
    const err = await stageError(null, { apiKey: 'wrong-secret-key' });
    expectConfigError(err, 'Gemini HTTP 400 INVALID_ARGUMENT', 'key');
    expect(`${err.message} ${String(err.cause)}`).not.toContain('wrong-secret-key');
  });

  it('maps the retired gemini-2.5-flash-image (404 NOT_FOUND) to a missing model', async () => {
    const before = fake.requests.length;
    const err = await stageError(null, { imageModel: 'gemini-2.5-flash-image' });
    expect(fake.requests.length).toBe(before + 1);
    expectConfigError(err, 'Gemini HTTP 404 NOT_FOUND', 'model');
    expect(err instanceof EngineConfigError && err.modelMissing).toBe(true);
  });

  it('maps an image asked of a text-only model (400 INVALID_ARGUMENT) to a refused parameter', async () => {
    const err = await stageError(null, { imageModel: DEFAULT_MODELS.geminiText });
    expectConfigError(err, 'Gemini HTTP 400 INVALID_ARGUMENT', 'parameter');
  });

  it('maps a free-tier key (429 with limit: 0) to a configuration error, not "busy"', async () => {
    const err = await stageError({ kind: 'free-tier' });
    expectConfigError(err, 'Gemini HTTP 429 RESOURCE_EXHAUSTED limit: 0', 'freeTier');
    expect(err.message).not.toMatch(/busy/);
  });

  it.each<[string, FakeReply, string]>([
    ['a prompt block', { kind: 'blocked', blockReason: 'SAFETY' }, SAFETY],
    ['a prohibited-content block', { kind: 'blocked', blockReason: 'PROHIBITED_CONTENT' }, SAFETY],
    ['IMAGE_SAFETY', { kind: 'finish', finishReason: 'IMAGE_SAFETY' }, SAFETY],
    ['PROHIBITED_CONTENT', { kind: 'finish', finishReason: 'PROHIBITED_CONTENT' }, SAFETY],
    ['RECITATION', { kind: 'finish', finishReason: 'RECITATION' }, SAFETY],
    ['NO_IMAGE', { kind: 'finish', finishReason: 'NO_IMAGE', text: 'I cannot edit this image.' }, NO_IMAGE],
    ['OTHER', { kind: 'finish', finishReason: 'OTHER' }, NO_IMAGE],
    ['a text-only answer', { kind: 'text', text: 'Sure! Here is a description of a staged room.' }, NO_IMAGE],
  ])('maps %s (HTTP 200) to unprocessable', async (_label, reply, message) => {
    const err = await stageError(reply);
    expect([err.code, err.status, err.message]).toEqual(['unprocessable', 422, message]);
  });

  it('maps an undecodable image part to unprocessable', async () => {
    const body = {
      candidates: [
        {
          content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'bm90IGFuIGltYWdl' } }] },
          finishReason: 'STOP',
        },
      ],
    };
    const err = await stageError({ kind: 'raw', status: 200, body: JSON.stringify(body) });
    expect([err.code, err.message]).toEqual([
      'unprocessable',
      'The AI service returned an unreadable image. Please try again.',
    ]);
  });

  it('times out through httpOptions.timeout', () =>
    expectTimeout(() => stageError({ kind: 'hang' }, { timeoutMs: 300 })));

  it('honours the request signal', () =>
    expectCancelled((signal) => stageError({ kind: 'hang' }, {}, signal)));

  it('does not call the provider when the signal is already aborted, and passes an AppError reason on', () =>
    expectReasonPassedOn(fake, (signal) => engine().stage(img, req({ signal }))));

  it('maps an unreachable provider to unavailable', () =>
    expectUnreachable((origin) => stageError(null, { baseUrl: origin })));

  it('maps identify failures the same way', async () => {
    fake.enqueue({ kind: 'error', status: 503 });
    await expect(engine().identify(img)).rejects.toMatchObject({ code: 'unavailable' });
    fake.enqueue({ kind: 'blocked', blockReason: 'SAFETY' });
    await expect(engine().identify(img)).rejects.toMatchObject({ code: 'unprocessable', message: SAFETY });
  });
});
