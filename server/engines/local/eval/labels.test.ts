import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldOutByName, loadAnnotationLabels } from './labels.ts';

const set = (photoDir: string, file: string, empty: boolean) => ({
  photoDir,
  photos: [{ file, roomTypes: ['bedroom'], empty }],
});

describe('loadAnnotationLabels', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
    fs.mkdirSync(path.join(root, 'annotations'));
    fs.mkdirSync(path.join(root, 'photos'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves out a set whose photo folder is not on this machine (the extra set on a clean checkout)', () => {
    const write = (name: string, body: object) =>
      fs.writeFileSync(path.join(root, 'annotations', name), JSON.stringify(body));
    write('here.json', set('photos', 'a.jpg', true));
    write('extra.json', set('../not-fetched', 'repo/b.jpg', true));
    const labels = loadAnnotationLabels(path.join(root, 'annotations'), root);
    expect(labels.map((l) => l.file)).toEqual([path.join(root, 'photos', 'a.jpg')]);
    expect(labels[0]).toMatchObject({
      furnished: false,
      roomType: 'bedroom',
      heldOut: heldOutByName('a.jpg'),
    });
  });
});
