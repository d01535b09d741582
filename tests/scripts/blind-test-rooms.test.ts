import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '#tests/helpers/temp-dir.ts';
import { annotatedEmptyRooms } from '../../scripts/lib/blind-test-rooms.ts';

const square: [number, number][] = [
  [0, 50],
  [100, 50],
  [100, 100],
  [0, 100],
];
const photo = (file: string, empty: boolean, mainPieceExpected: boolean) => ({
  file,
  width: 100,
  height: 100,
  roomTypes: ['bedroom'],
  empty,
  mainPieceExpected,
  openFloor: mainPieceExpected ? [square] : [],
  hazards: [],
});

describe('the blind test takes empty rooms from annotation sets (--extra)', () => {
  const tmp = useTempDir('blind-rooms-');
  const write = tmp.write;

  it('keeps the empty rooms an expert would stage, from a file or a folder, and names absent sets', () => {
    write('photos/repo/a.jpg', 'x');
    write('photos/repo/b.jpg', 'x');
    write('photos/repo/c.jpg', 'x');
    const set = write('ann/extra.json', {
      photoDir: 'photos',
      source: 'test',
      photos: [
        photo('repo/a.jpg', true, true),
        photo('repo/b.jpg', false, true),
        photo('repo/c.jpg', true, false),
      ],
    });
    write('ann/absent.json', {
      photoDir: 'not-fetched',
      source: 'test',
      photos: [photo('z.jpg', true, true)],
    });
    expect(annotatedEmptyRooms([set], tmp.root())).toEqual({
      files: [path.join(tmp.root(), 'photos/repo/a.jpg')],
      types: { [path.join(tmp.root(), 'photos/repo/a.jpg')]: 'bedroom' },
      skipped: [],
    });
    const fromFolder = annotatedEmptyRooms([path.join(tmp.root(), 'ann')], tmp.root());
    expect(fromFolder.files).toEqual([path.join(tmp.root(), 'photos/repo/a.jpg')]);
    expect(fromFolder.skipped).toHaveLength(1);
    expect(fromFolder.skipped[0]).toContain('absent.json');
  });

  it('refuses a set whose folder is there but lacks a listed photo', () => {
    write('photos/other.jpg', 'x');
    const set = write('ann/extra.json', {
      photoDir: 'photos',
      source: 'test',
      photos: [photo('a.jpg', true, true)],
    });
    expect(() => annotatedEmptyRooms([set], tmp.root())).toThrow(/a\.jpg is not in/);
  });
});
