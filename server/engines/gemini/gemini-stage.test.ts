import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, SOFA_BOX, SOFA_COLOUR, type FakeGemini } from '#tests/fakes/gemini-server.ts';
import type { RawImage, RoomImage } from '#server/engines/types.ts';
import { geminiEngine } from '#tests/helpers/gemini-engine.ts';
import { nearestAspectRatio } from './index.ts';

/** A flat two-tone "room": light wall above, darker floor below. */
async function roomImage(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<RoomImage> {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.fill(i / width < height * 0.6 ? 220 : 120, i * 3, i * 3 + 3);
  const s = sharp(data, { raw: { width, height, channels: 3 } });
  const bytes = new Uint8Array(format === 'jpeg' ? await s.jpeg().toBuffer() : await s.png().toBuffer());
  return { width, height, channels: 3, data, format, bytes };
}

const pixel = (img: RawImage, x: number, y: number) => {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 3;
  return { r: img.data[i] ?? -1, g: img.data[i + 1] ?? -1, b: img.data[i + 2] ?? -1 };
};
const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) < 30;

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());

const engine = () => geminiEngine(fake);
const request = (variant = 0) => ({
  style: 'scandinavian' as const,
  roomType: 'living-room' as const,
  variant,
  signal: new AbortController().signal,
});

describe('nearestAspectRatio', () => {
  it.each([
    [1600, 900, '16:9'],
    [800, 1600, '9:16'],
    [1000, 1000, '1:1'],
    [4032, 3024, '4:3'],
    [3024, 4032, '3:4'],
    [6000, 4000, '3:2'],
    [1080, 1350, '4:5'],
    [2520, 1080, '21:9'],
    [5000, 1000, '21:9'],
    [1250, 1000, '5:4'],
  ])('%ix%i -> %s', (w, h, ratio) => {
    expect(nearestAspectRatio(w, h)).toBe(ratio);
  });

  it('refuses empty sizes', () => {
    expect(() => nearestAspectRatio(0, 10)).toThrow(RangeError);
  });
});

describe('gemini stage', () => {
  it('sends the preserve prompt, the image as inline JPEG, the aspect ratio, model id and key', async () => {
    const img = await roomImage(320, 180);
    const staged = await engine().stage(img, request(3));
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('gemini-3.1-flash-image');
    expect(sent.apiKey).toBe(fake.apiKey);
    expect(sent.prompt).toBe(
      'Virtually stage this empty living room in Scandinavian style. Add only movable furniture and decor. ' +
        'Keep walls, ceiling, windows (count, size, position, view), doors, floor material, built-ins, fixtures, ' +
        'lighting direction, camera position, lens and framing exactly unchanged. Photorealistic.',
    );
    expect(sent.images).toHaveLength(1);
    expect(sent.images[0]!.mimeType).toBe('image/jpeg');
    const meta = await sharp(sent.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    expect(sent.body.generationConfig?.imageConfig?.aspectRatio).toBe('16:9');
    expect(sent.body.generationConfig?.responseModalities).toEqual(['IMAGE', 'TEXT']);
    expect(sent.body.generationConfig?.seed).toBe(3);

    expect([staged.image.width, staged.image.height]).toEqual([320, 180]);
    expect(staged.furnitureMask).toHaveLength(320 * 180);
    expect(staged.furnitureMask.every((v) => v === 0)).toBe(true);
    expect(staged.engineConfidence).toBeGreaterThan(0);
    expect(staged.notes.join(' ')).toContain('gemini-3.1-flash-image');
  });

  it('asks for 9:16 for a portrait photo and re-encodes PNG uploads as JPEG', async () => {
    await engine().stage(await roomImage(180, 360, 'png'), {
      ...request(),
      roomType: 'other',
      style: 'modern',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.body.generationConfig?.imageConfig?.aspectRatio).toBe('9:16');
    expect(sent.images[0]!.mimeType).toBe('image/jpeg');
    expect((await sharp(sent.images[0]!.data).metadata()).format).toBe('jpeg');
    expect(sent.prompt.startsWith('Virtually stage this empty room in Modern style.')).toBe(true);
  });

  it('skips thought images and text and takes the last image part', async () => {
    fake.enqueue({
      kind: 'image',
      thoughtImage: true,
      draftImage: true,
      text: ['Here is your staged room.'],
    });
    const img = await roomImage(320, 180);
    const staged = await engine().stage(img, request());
    const sofa = pixel(
      staged.image,
      (SOFA_BOX.left + SOFA_BOX.width / 2) * 320,
      (SOFA_BOX.top + SOFA_BOX.height / 2) * 180,
    );
    expect(near(sofa, SOFA_COLOUR)).toBe(true);
    expect(near(pixel(staged.image, 5, 5), { r: 220, g: 220, b: 220 })).toBe(true);
  });

  it('returns the model size when it differs (the structure guard resizes it)', async () => {
    fake.enqueue({ kind: 'image', size: { width: 256, height: 256 } });
    const staged = await engine().stage(await roomImage(320, 180), request());
    expect([staged.image.width, staged.image.height]).toEqual([256, 256]);
    expect(staged.furnitureMask).toHaveLength(256 * 256);
  });
});

describe('gemini identify', () => {
  const answer = (a: object) => ({ kind: 'text' as const, text: JSON.stringify(a) });

  it('asks the text model for schema-constrained JSON and maps the answer', async () => {
    fake.enqueue(
      answer({
        isInterior: true,
        isEmptyOrStageable: true,
        roomType: 'bedroom',
        confidence: 0.9,
        reason: 'An empty bedroom.',
      }),
    );
    const id = await engine().identify(await roomImage(320, 180));
    expect(id).toEqual({ isValid: true, reason: null, roomType: 'bedroom', confidence: 0.9, issues: [] });
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('gemini-3.5-flash-lite');
    expect(sent.body.generationConfig?.responseMimeType).toBe('application/json');
    expect(JSON.stringify(sent.body.generationConfig?.responseSchema)).toContain('isEmptyOrStageable');
    expect(sent.images[0]!.mimeType).toBe('image/jpeg');
  });

  it('keeps the room type null unless confident, and explains a rejection', async () => {
    fake.enqueue(
      answer({
        isInterior: true,
        isEmptyOrStageable: true,
        roomType: 'office',
        confidence: 0.4,
        reason: 'x',
      }),
    );
    expect((await engine().identify(await roomImage(64, 64))).roomType).toBeNull();
    fake.enqueue(
      answer({
        isInterior: false,
        isEmptyOrStageable: false,
        roomType: 'unknown',
        confidence: 0.95,
        reason: 'A garden.',
      }),
    );
    const outdoor = await engine().identify(await roomImage(64, 64));
    expect(outdoor.isValid).toBe(false);
    expect(outdoor.reason).toMatch(/does not look like a photo of a room/);
    expect(outdoor.roomType).toBeNull();
  });

  it.each([
    ['malformed JSON', '{"isInterior": tru'],
    [
      'a value outside the schema',
      JSON.stringify({
        isInterior: true,
        isEmptyOrStageable: true,
        roomType: 'garage',
        confidence: 1,
        reason: '',
      }),
    ],
    ['a missing field', JSON.stringify({ isInterior: true })],
  ])('turns %s into a clear error', async (_label, text) => {
    fake.enqueue({ kind: 'text', text });
    await expect(engine().identify(await roomImage(64, 64))).rejects.toMatchObject({
      name: 'AppError',
      code: 'unavailable',
      message: 'The AI service returned an unreadable answer. Please try again.',
    });
  });
});
