import { describe, expect, it } from 'vitest';
import { REVIEW_REASON_LABELS, REVIEW_REASONS, reviewReasons } from './review.ts';

describe('reviewReasons', () => {
  it('keeps known codes in the order given, once each, and drops unknown ones', () => {
    expect(reviewReasons(['walls-repainted', 'retired-code', 'window-moved', 'walls-repainted'])).toEqual([
      'walls-repainted',
      'window-moved',
    ]);
    expect(reviewReasons(null)).toEqual([]);
  });

  it('has plain words for every code, none of them the code itself', () => {
    for (const r of REVIEW_REASONS) expect(REVIEW_REASON_LABELS[r]).not.toContain(r);
  });
});
