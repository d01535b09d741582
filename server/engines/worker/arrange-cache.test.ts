import { describe, expect, it } from 'vitest';
import type { PreparedPhoto } from '../local/arrange/render-layout.ts';
import { stageImage } from '../local/stage.ts';
import { loadFixture } from '#tests/helpers/engine-fixtures.ts';
import { PhotoCache, photoCache, photosPrepared } from './arrange-cache.ts';
import { arrange, type ArrangeTask } from './arrange-task.ts';

const photoOf = (bytes: number) => ({ img: { data: new Uint8Array(bytes) } }) as unknown as PreparedPhoto;

describe('the arrange worker photo cache', () => {
  it('keeps at most its bytes, the least recently used out first', () => {
    const c = new PhotoCache(100);
    c.set('a', photoOf(40));
    c.set('b', photoOf(40));
    expect(c.get('a')).toBeDefined(); // a is now the most recent
    c.set('c', photoOf(40)); // 120 > 100: b goes
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.get('c')).toBeDefined();
    expect(c.size).toEqual({ entries: 2, bytes: 80 });
    c.set('a', photoOf(10)); // replaced, not added
    expect(c.size).toEqual({ entries: 2, bytes: 50 });
    c.set('huge', photoOf(101)); // larger than the cache: not kept, nothing evicted
    expect(c.get('huge')).toBeUndefined();
    expect(c.size.entries).toBe(2);
  });
});

describe('arranging from a kept photo', { timeout: 180_000 }, () => {
  it('gives the same preview and save bytes as from scratch, save after save', async () => {
    // 640 px: under the preview's side either way, and what is compared is bytes, not their size.
    const img = await loadFixture('empty-living-03.jpg', 640);
    const staged = await stageImage(img, { style: 'modern', roomType: 'living-room', variant: 0 });
    const { room, pieces } = staged.layout!;
    const moved = pieces.map((p, i) => (i === 0 ? { ...p, x: p.x + 0.2 } : p));
    const base: Omit<ArrangeTask, 'mode'> = {
      op: 'arrange',
      bytes: img.bytes,
      style: 'modern',
      room,
      pieces: moved,
      watermark: true,
    };
    photoCache.clear();
    const keyed = { ...base, key: 'test:original' };
    const first = await arrange({ ...keyed, mode: 'preview' });
    await photosPrepared();
    // The preview's photo and, fetched while the agent arranges, the full-size one.
    expect(photoCache.size.entries).toBe(2);
    const again = await arrange({ ...keyed, mode: 'preview' });
    const fresh = await arrange({ ...base, mode: 'preview' });
    expect(Buffer.from(again.image).equals(Buffer.from(first.image))).toBe(true);
    expect(Buffer.from(fresh.image).equals(Buffer.from(first.image))).toBe(true);

    // Two saves from the kept full-size photo: the first must not have blended into it.
    const s1 = await arrange({ ...keyed, mode: 'save' });
    const s2 = await arrange({ ...keyed, mode: 'save' });
    const s0 = await arrange({ ...base, mode: 'save' });
    expect(Buffer.from(s1.image).equals(Buffer.from(s0.image))).toBe(true);
    expect(Buffer.from(s2.image).equals(Buffer.from(s0.image))).toBe(true);
    expect(s1.thumbnail).not.toBeNull();
    // A save of another arrangement, into the buffer the saves before it blended into: as from scratch.
    const s3 = await arrange({ ...keyed, pieces, mode: 'save' });
    const s4 = await arrange({ ...base, pieces, mode: 'save' });
    expect(Buffer.from(s3.image).equals(Buffer.from(s4.image))).toBe(true);
    expect(Buffer.from(s3.image).equals(Buffer.from(s0.image))).toBe(false);

    // A changed arrangement from the kept photo differs: the cache holds the photo, not a picture.
    const other = await arrange({ ...keyed, pieces, mode: 'preview' });
    expect(Buffer.from(other.image).equals(Buffer.from(first.image))).toBe(false);
  });
});
