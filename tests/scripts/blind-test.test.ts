import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  assignTypes,
  bestWindow,
  CROP_W,
  maxWindowWidth,
  metadataMarkers,
  parseAnswers,
  placeWindow,
  score,
  separation,
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

  it('never stages more crops of a room type than real photos of it can match', () => {
    const rooms = ['living-room', 'living-room', 'dining-room', 'bedroom', 'kitchen', 'office'];
    const slots = assignTypes(rooms, { 'living-room': 1, bedroom: 20, 'dining-room': 0 }, 2);
    const all = slots.flat();
    // Kitchens take no slot; every other room at most two.
    expect(all.some((s) => s.room === 4)).toBe(false);
    for (let r = 0; r < rooms.length; r++)
      expect(all.filter((s) => s.room === r).length).toBeLessThanOrEqual(2);
    expect(all.filter((s) => s.type === 'living-room')).toEqual([{ room: 0, type: 'living-room' }]);
    expect(all.filter((s) => s.type === 'dining-room')).toEqual([]);
    expect(all.length).toBe(10);
    // With no real photo left of any type, nothing more is staged.
    expect(assignTypes(rooms, { 'living-room': 1, bedroom: 2, 'dining-room': 0 }, 2).flat().length).toBe(3);
  });
});
