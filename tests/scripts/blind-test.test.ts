import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  assignTypes,
  bestWindow,
  CROP_H,
  CROP_W,
  encodeCrop,
  maxWindowWidth,
  metadataMarkers,
  parseAnswers,
  placeWindow,
  roomsPerType,
  score,
  separation,
  takeRound,
  wilson,
} from '../../scripts/lib/blind-test.ts';

describe('blind test arithmetic', () => {
  it('gives the Wilson interval of the textbook examples', () => {
    // 81 of 263: Wilson 95% interval 0.2553–0.3662 (Newcombe 1998, also in Agresti & Coull).
    const ci = wilson(81, 263);
    expect(ci.low).toBeCloseTo(0.2553, 3);
    expect(ci.high).toBeCloseTo(0.3662, 3);
    // 24 of 24 is not certainty: the lower bound stays below 1.
    expect(wilson(24, 24).low).toBeCloseTo(0.8619, 3);
    expect(wilson(24, 24).high).toBeCloseTo(1, 9);
  });

  it('reads one answer per line and refuses a malformed or repeated one', () => {
    const a = parseAnswers('# judge A\n0a1b2c.jpg real\n\n3d4e5f.jpg, Generated\r\nabcdef.jpg:generated\n');
    expect([...a]).toEqual([
      ['0a1b2c.jpg', 'real'],
      ['3d4e5f.jpg', 'generated'],
      ['abcdef.jpg', 'generated'],
    ]);
    expect(() => parseAnswers('0a1b2c.jpg fake')).toThrow(/line 1/);
    expect(() => parseAnswers('x.jpg real\nx.jpg generated')).toThrow(/line 2: x.jpg answered twice/);
  });

  it('scores accuracy and the share of generated crops found, listing gaps', () => {
    const key = new Map([
      ['a.jpg', 'real'],
      ['b.jpg', 'generated'],
      ['c.jpg', 'generated'],
      ['d.jpg', 'real'],
    ] as const);
    const s = score(new Map(key), parseAnswers('a.jpg generated\nb.jpg generated\nc.jpg real\nz.jpg real'));
    expect(s).toMatchObject({ answered: 3, correct: 1, generatedFound: 1, generatedAnswered: 2 });
    expect(s.missing).toEqual(['d.jpg']);
    expect(s.unknown).toEqual(['z.jpg']);
  });

  it('never upscales: a photo narrower than the crop gives no window', () => {
    expect(maxWindowWidth(720, 480)).toBeNull();
    expect(maxWindowWidth(1024, 683)).toBe(1024);
    expect(maxWindowWidth(1600, 800)).toBe(1024);
    expect(maxWindowWidth(900, 600)).toBe(900);
  });

  it('puts the window over the changed pixels', () => {
    const width = 2000;
    const height = 1000;
    const mask = new Uint8Array(width * height);
    for (let y = 700; y < 900; y++) for (let x = 1500; x < 1800; x++) mask[y * width + x] = 1;
    const best = bestWindow(mask, width, height, CROP_W);
    const win = placeWindow(width, height, CROP_W, best.rx, best.ry);
    expect(best.covered).toBe(1);
    expect(win.x).toBeLessThanOrEqual(1500);
    expect(win.x + win.w).toBeGreaterThanOrEqual(1800);
    expect(win.y + win.h).toBeGreaterThanOrEqual(900);
  });

  it('measures how far file size alone tells the classes apart', () => {
    expect(separation([2, 3], [0, 1])).toBe(1);
    expect(separation([1, 2], [1, 2])).toBe(0.5);
  });

  it('finds EXIF and comments but passes a plain encoded crop', async () => {
    const raw = { raw: { width: 8, height: 8, channels: 3 as const } };
    const px = Buffer.alloc(8 * 8 * 3, 128);
    const plain = await sharp(px, raw).jpeg({ quality: 85 }).toBuffer();
    expect(metadataMarkers(plain)).toEqual([]);
    const tagged = await sharp(px, raw)
      .withExif({ IFD0: { Software: 'roomstage' } })
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(metadataMarkers(tagged)).toContain('0xe1');
  });

  it('stages each room as its own type only, never more of a type than real photos can match', () => {
    const rooms = ['living-room', 'living-room', 'dining-room', 'bedroom', 'kitchen', 'office', null];
    const slots = assignTypes(rooms, { 'living-room': 1, bedroom: 20, 'dining-room': 0 }, 2);
    const all = slots.flat();
    // Own type or nothing: no living room is staged as a bedroom to match the real half.
    for (const s of all) expect(s.type).toBe(rooms[s.room]);
    // Kitchens, offices, unknown rooms and types the real pool lacks take no slot.
    expect(all.map((s) => s.room).sort()).toEqual([0, 3, 3]);
    // Never more of a type than the real pool holds: the halves balance type by type.
    expect(
      assignTypes(
        ['bedroom', 'bedroom', 'bedroom'],
        { 'living-room': 0, bedroom: 2, 'dining-room': 0 },
        2,
      ).flat(),
    ).toHaveLength(2);
  });

  it('takes one staging per room first, a second only while the set is too small', () => {
    const rooms = ['bedroom', 'living-room', 'bedroom'];
    const [first, second] = assignTypes(rooms, { 'living-room': 5, bedroom: 5, 'dining-room': 0 }, 2);
    // Round one holds every room exactly once.
    expect(first!.map((s) => s.room)).toEqual([0, 1, 2]);
    expect(second!.map((s) => s.room)).toEqual([0, 1, 2]);
    expect(takeRound(0, 0, 12)).toBe(true);
    expect(takeRound(1, 3, 12)).toBe(true);
    expect(takeRound(1, 12, 12)).toBe(false);
    // --min-staged 0: never a room twice.
    expect(takeRound(1, 3, 0)).toBe(false);
    // Types the real pool lacks get no room at all; the others room for every staging.
    expect(roomsPerType({ 'living-room': 3, bedroom: 0, 'dining-room': 1 }, 20)).toEqual({
      'living-room': 20,
      bedroom: 0,
      'dining-room': 20,
    });
  });

  it('encodes both halves identically: same size, quantisation tables and no metadata', async () => {
    const w = 1000;
    const h = 700;
    // A smooth gradient (a render) and a noisy image (a photo) through the one encoder.
    const smooth = new Uint8Array(w * h * 3).map((_, i) => ((i / 3) % w) / 4);
    let s = 7;
    const noisy = new Uint8Array(w * h * 3).map(() => (s = (s * 1103515245 + 12345) >>> 0) >>> 24);
    const win = placeWindow(w, h, 900, 0.5, 0.5);
    const a = await encodeCrop({ data: smooth, width: w, height: h }, win, 85);
    const b = await encodeCrop({ data: noisy, width: w, height: h }, win, 85);
    for (const jpeg of [a, b]) {
      const meta = await sharp(jpeg).metadata();
      expect([meta.width, meta.height, meta.chromaSubsampling]).toEqual([CROP_W, CROP_H, '4:2:0']);
      expect(metadataMarkers(jpeg)).toEqual([]);
    }
    expect(quantTables(a)).toEqual(quantTables(b));
    expect(quantTables(a).length).toBeGreaterThan(0);
  });
});

/** The JPEG's DQT segments (its quantisation tables), which the quality setting decides. */
function quantTables(jpeg: Uint8Array): string[] {
  const out: string[] = [];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff && jpeg[i + 1] !== 0xda) {
    const len = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    if (jpeg[i + 1] === 0xdb) out.push(Buffer.from(jpeg.subarray(i, i + 2 + len)).toString('hex'));
    i += 2 + len;
  }
  return out;
}
