import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '#tests/helpers/temp-dir.ts';
import { extraRealRooms, realRoomSetSchema } from '../../scripts/lib/blind-test-real.ts';

describe('the blind test takes extra real furnished rooms from a list (--extra-real)', () => {
  const tmp = useTempDir('blind-real-');
  const write = tmp.write;

  it('lists each photo with its room type, from a file or a folder, and names absent folders', () => {
    write('real/owner__repo/a.jpg', 'x');
    write('real/owner__repo/b.jpg', 'x');
    const list = write('lists/real.json', {
      photoDir: 'real',
      source: 'test',
      photos: [
        { file: 'owner__repo/a.jpg', roomType: 'living-room' },
        { file: 'owner__repo/b.jpg', roomType: 'dining-room' },
      ],
    });
    write('lists/absent.json', { photoDir: 'not-fetched', photos: [{ file: 'z.jpg', roomType: 'bedroom' }] });
    expect(extraRealRooms([list], tmp.root())).toEqual({
      photos: [
        { file: path.join(tmp.root(), 'real/owner__repo/a.jpg'), type: 'living-room' },
        { file: path.join(tmp.root(), 'real/owner__repo/b.jpg'), type: 'dining-room' },
      ],
      skipped: [],
    });
    const fromFolder = extraRealRooms([path.join(tmp.root(), 'lists')], tmp.root());
    expect(fromFolder.photos).toHaveLength(2);
    expect(fromFolder.skipped).toHaveLength(1);
    expect(fromFolder.skipped[0]).toMatch(/absent\.json: its photos are not on this machine/);
  });

  it('refuses room types the blind test does not match on, and empty lists', () => {
    const photos = [{ file: 'a.jpg', roomType: 'kitchen' }];
    expect(realRoomSetSchema.safeParse({ photoDir: 'real', photos }).success).toBe(false);
    expect(realRoomSetSchema.safeParse({ photoDir: 'real', photos: [] }).success).toBe(false);
    expect(realRoomSetSchema.safeParse({ photos: [{ file: 'a.jpg', roomType: 'bedroom' }] }).success).toBe(
      false,
    );
    const list = write('lists/bad.json', { photoDir: 'real', photos });
    expect(() => extraRealRooms([list], tmp.root())).toThrow(/bad\.json/);
  });

  it('refuses a list whose folder is there but lacks a listed photo, or lists one twice', () => {
    write('real/a.jpg', 'x');
    const missing = write('lists/missing.json', {
      photoDir: 'real',
      photos: [{ file: 'b.jpg', roomType: 'bedroom' }],
    });
    expect(() => extraRealRooms([missing], tmp.root())).toThrow(/b\.jpg is not in/);
    const twice = write('lists/twice.json', {
      photoDir: 'real',
      photos: [
        { file: 'a.jpg', roomType: 'bedroom' },
        { file: 'a.jpg', roomType: 'living-room' },
      ],
    });
    expect(() => extraRealRooms([twice], tmp.root())).toThrow(/listed twice/);
  });
});
