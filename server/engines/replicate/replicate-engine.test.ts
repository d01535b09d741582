import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeReplicate,
  type FakeReplicate,
  type ReplicateReply,
} from '#tests/fakes/replicate-server.ts';
import { editablePlane } from '#tests/fakes/staged-drawing.ts';
import { EMPTY_ROOMS, loadFixture } from '#tests/helpers/engine-fixtures.ts';
import { expectConfigError, stageFailure, stageRequest } from '#tests/helpers/remote-engine-kit.ts';
import { editMask } from '#server/engines/remote/edit-mask.ts';
import { paintedMask } from '#server/engines/remote/painted-mask.ts';
import { DECLUTTER_SENTENCE } from '#server/engines/remote/prompts.ts';
import type { RoomImage } from '#server/engines/types.ts';
import { createReplicateEngine, modelKind, type ReplicateEngineOptions } from './index.ts';

let fake: FakeReplicate;
let room: RoomImage;
beforeAll(async () => {
  fake = await startFakeReplicate();
  room = await loadFixture(EMPTY_ROOMS[4]!, 640);
});
afterAll(() => fake.close());

const KONTEXT = 'black-forest-labs/flux-kontext-pro';
const FILL = 'black-forest-labs/flux-fill-pro';
const engine = (opts: Partial<ReplicateEngineOptions> = {}) =>
  createReplicateEngine({
    apiToken: fake.token,
    baseUrl: fake.baseUrl,
    model: KONTEXT,
    timeoutMs: 10_000,
    pollIntervalMs: 20,
    ...opts,
  });
const req = stageRequest('modern', 'bedroom', 0);

const stageError = (
  reply: ReplicateReply | null,
  opts: Partial<ReplicateEngineOptions> = {},
  signal?: AbortSignal,
) => stageFailure(fake, reply, engine(opts), room, req({ signal }));

describe('replicate models and input', () => {
  it('maps an unknown model (404) to a missing model', async () => {
    const err = await stageError(null, { model: 'black-forest-labs/flux-kontext-gone' });
    expectConfigError(err, 'Replicate HTTP 404', 'model');
  });

  it('maps an input the model refuses (422: a text-to-image model has no match_input_image) to a configuration error', async () => {
    const before = fake.predictions.length;
    const err = await stageError(null, { model: 'black-forest-labs/flux-schnell' });
    expect(fake.predictions.length).toBe(before);
    expectConfigError(err, 'Replicate HTTP 422', 'input');
  });

  it('maps no credit (402) to a configuration error', async () => {
    const err = await stageError({ kind: 'no-credit' });
    expectConfigError(err, 'Replicate HTTP 402', 'credit');
  });
});

describe('replicate stage', () => {
  it('creates a FLUX Kontext prediction with Prefer: wait, the photo as input_image and the preserve prompt', async () => {
    const staged = await engine().stage(room, req({ variant: 4 }));
    const p = fake.predictions.at(-1)!;
    expect(p.path).toBe(`/v1/models/${KONTEXT}/predictions`);
    expect(p.prefer).toBe('wait=10');
    expect(p.input).toMatchObject({ aspect_ratio: 'match_input_image', output_format: 'png', seed: 4 });
    expect(p.input.prompt).toMatch(/^Virtually stage this empty bedroom in Modern style\./);
    expect(p.mask).toBeNull();
    const meta = await sharp(p.image!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', room.width, room.height]);
    expect([staged.image.width, staged.image.height]).toEqual([room.width, room.height]);
    expect(staged.notes.join(' ')).toContain(KONTEXT);
  });

  it('sends FLUX Fill the floor-analysis mask (white = editable) at the image size', async () => {
    await engine({ model: FILL }).stage(room, req());
    const p = fake.predictions.at(-1)!;
    expect(p.input.input_image).toBeUndefined();
    const mask = await sharp(p.mask!).metadata();
    expect([mask.format, mask.width, mask.height]).toEqual(['png', room.width, room.height]);
    const got = await editablePlane(p.mask!, 'white-editable');
    const expected = editMask(room);
    let differing = 0;
    for (let i = 0; i < expected.data.length; i++) if (got[i]! > 0 !== expected.data[i]! > 0) differing++;
    expect(differing).toBe(0);
    expect(modelKind(FILL)).toBe('fill');
    expect(modelKind(KONTEXT)).toBe('kontext');
  });

  it("sends FLUX Fill the agent's painted furniture area as its mask when given (decision 0181)", async () => {
    const area: [number, number][][] = [
      [
        [0.2, 0.7],
        [0.5, 0.7],
        [0.5, 0.95],
        [0.2, 0.95],
      ],
      [
        [0.6, 0.65],
        [0.9, 0.7],
        [0.75, 0.9],
      ],
    ];
    await engine({ model: FILL }).stage(room, { ...req(), furnishArea: area });
    const got = await editablePlane(fake.predictions.at(-1)!.mask!, 'white-editable');
    const expected = paintedMask(area, room.width, room.height);
    expect(expected.share).toBeGreaterThan(0.1);
    let differing = 0;
    for (let i = 0; i < expected.data.length; i++) if (got[i]! > 0 !== expected.data[i]! > 0) differing++;
    expect(differing).toBe(0);
    // Kontext takes no mask, area or not.
    await engine().stage(room, { ...req(), furnishArea: area });
    expect(fake.predictions.at(-1)!.mask).toBeNull();
  });

  it('polls a prediction that outlives the wait, takes a list output, and uses /v1/predictions for a version id', async () => {
    fake.enqueue({ kind: 'succeed', polls: 3, asList: true });
    const before = fake.log.length;
    const staged = await engine({ model: `${KONTEXT}:abc123` }).stage(room, req());
    const p = fake.predictions.at(-1)!;
    expect(p.path).toBe('/v1/predictions');
    expect(p.version).toBe('abc123');
    expect(p.polls).toBe(3);
    expect(fake.log.slice(before).filter((l) => l.startsWith('GET /v1/predictions/'))).toHaveLength(3);
    expect(staged.image.width).toBe(room.width);
  });

  it('declutters with the removal sentence (and Kontext gets no mask)', async () => {
    const staged = await engine().stage(room, req({ declutter: true }));
    const p = fake.predictions.at(-1)!;
    expect(String(p.input.prompt).startsWith(DECLUTTER_SENTENCE)).toBe(true);
    expect(p.mask).toBeNull();
    expect(staged.furnitureMask.some((v) => v > 0)).toBe(true);
  });
});

const SAFETY = 'The AI service declined to stage this photo (safety filter). Try a different photo.';
const NO_IMAGE = 'The AI service returned no image. Please try again.';

describe('replicate provider errors', () => {
  it('maps 429 to busy with its Retry-After, without the SDK hammering the API', async () => {
    const before = fake.log.length;
    const err = await stageError({ kind: 'error', status: 429, retryAfter: '12' });
    expect([err.code, err.status, err.message]).toEqual([
      'unavailable',
      503,
      'The AI service is busy right now. Please try again in a minute.',
    ]);
    expect(err.headers['Retry-After']).toBe('12');
    expect(fake.log.slice(before)).toEqual([`POST /v1/models/${KONTEXT}/predictions`]);
  });

  it.each([
    ['NSFW content detected. Try running it again, or try a different prompt.'],
    ['Prediction failed: flagged as sensitive (E005)'],
  ])('maps a failed prediction "%s" to the safety message', async (error) => {
    const err = await stageError({ kind: 'fail', error, polls: 1 });
    expect([err.code, err.status, err.message]).toEqual(['unprocessable', 422, SAFETY]);
  });

  it('maps other failures, cancels and bad outputs to clear errors', async () => {
    expect((await stageError({ kind: 'fail', error: 'CUDA out of memory' })).message).toBe(NO_IMAGE);
    expect((await stageError({ kind: 'canceled' })).message).toBe(
      'The request to the AI service was cancelled. Please try again.',
    );
    for (const output of [null, 42, ['not a url'], { url: 'x' }])
      expect((await stageError({ kind: 'output', output })).message).toBe(NO_IMAGE);
    expect((await stageError({ kind: 'file-error', status: 404 })).message).toBe(NO_IMAGE);
    expect((await stageError({ kind: 'file-garbage' })).message).toBe(
      'The AI service returned an unreadable image. Please try again.',
    );
    expect(
      (await stageError({ kind: 'raw', status: 201, body: '{"id": 5, "status": "starting"' })).message,
    ).toMatch(/unreadable answer/);
  });

  it.each([500, 503])('maps HTTP %i to unavailable', async (status) => {
    expect((await stageError({ kind: 'error', status })).message).toMatch(/temporarily unavailable/);
  });

  it('maps a wrong token (401) to a configuration error without echoing it', async () => {
    const err = await stageError(null, { apiToken: 'r8_wrong_secret' });
    expectConfigError(err, 'Replicate HTTP 401', 'key');
    expect(JSON.stringify({ m: err.message, c: String(err.cause), h: err.headers })).not.toContain(
      'r8_wrong_secret',
    );
  });

  it('times out a create that never answers', async () => {
    const err = await stageError({ kind: 'hang' }, { timeoutMs: 1000 });
    expect([err.code, err.message]).toEqual([
      'unavailable',
      'The AI service took too long to answer. Please try again.',
    ]);
  });

  it('times out a prediction that never finishes, and cancels it', async () => {
    const err = await stageError({ kind: 'stuck' }, { timeoutMs: 1000, pollIntervalMs: 50 });
    expect(err.message).toBe('The AI service took too long to answer. Please try again.');
    expect(fake.predictions.at(-1)!.canceled).toBe(true);
  });

  it('cancels a prediction whose poll was rate limited (429), and reports busy', async () => {
    const err = await stageError({ kind: 'stuck', throttlePoll: true }, { pollIntervalMs: 20 });
    expect(err.message).toBe('The AI service is busy right now. Please try again in a minute.');
    const p = fake.predictions.at(-1)!;
    expect(p.canceled).toBe(true);
    // One create, one throttled poll, then the cancel: the 429 was not replayed to it.
    expect(fake.log.filter((l) => l.includes(p.id))).toEqual([
      `GET /v1/predictions/${p.id}`,
      `POST /v1/predictions/${p.id}/cancel`,
    ]);
  });

  it('honours the request signal and cancels the running prediction', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const err = await stageError({ kind: 'stuck' }, { pollIntervalMs: 50 }, ac.signal);
    expect(err.message).toBe('The request to the AI service was cancelled. Please try again.');
    expect(fake.predictions.at(-1)!.canceled).toBe(true);
  });
});
