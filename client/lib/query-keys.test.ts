import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fileKey } from './query-keys.ts';

const photo = (name: string) =>
  new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg', lastModified: 1 });

describe('fileKey', () => {
  it('tells two photos apart where the File itself would hash as the same key', () => {
    const a = photo('room.jpg');
    const b = photo('room.jpg');
    expect(hashKey(['/api/placement-check', a])).toBe(hashKey(['/api/placement-check', b]));
    expect(hashKey(['/api/placement-check', fileKey(a)])).not.toBe(
      hashKey(['/api/placement-check', fileKey(b)]),
    );
  });

  it('is stable for one File and null without one', () => {
    const a = photo('a.jpg');
    expect(fileKey(a)).toBe(fileKey(a));
    expect(fileKey(null)).toBeNull();
  });
});
