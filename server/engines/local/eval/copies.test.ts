import { describe, expect, it } from 'vitest';
import { conflictingCopies, oneCopyPerPhoto } from './copies.ts';

describe('one copy per photo', () => {
  it('keeps the tune copy of a photo annotated twice, then an earlier held-out one, never both', () => {
    const skipped = oneCopyPerPhoto([
      { file: 'corpus/a-before.jpg', digest: 'a', part: 'fresh' },
      { file: 'fixture-a.jpg', digest: 'a', part: 'tune' },
      { file: 'corpus/b-before.jpg', digest: 'b', part: 'fresh' },
      { file: 'fixture-b.jpg', digest: 'b', part: 'held-out' },
      { file: 'c.jpg', digest: 'c', part: 'held-out' },
      { file: 'd.jpg', digest: 'd', part: 'held-out' },
      { file: 'd-again.jpg', digest: 'd', part: 'held-out' },
    ]);
    expect([...skipped]).toEqual([
      ['corpus/a-before.jpg', 'fixture-a.jpg'],
      ['corpus/b-before.jpg', 'fixture-b.jpg'],
      ['d-again.jpg', 'd.jpg'],
    ]);
  });
});

describe('conflicting copies', () => {
  it('drops every copy of a photo labelled two ways, and nothing else', () => {
    const out = conflictingCopies([
      { file: '12_bathroom.jpg', digest: 'x', label: 'bathroom' },
      { file: '12_bedroom.jpg', digest: 'x', label: 'bedroom' },
      { file: '59_kitchen.jpg', digest: 'y', label: 'kitchen' },
      { file: '72_kitchen.jpg', digest: 'y', label: 'kitchen' },
    ]);
    expect([...out]).toEqual(['12_bathroom.jpg', '12_bedroom.jpg']);
  });
});
