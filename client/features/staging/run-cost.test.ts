import { describe, expect, it } from 'vitest';
import { regenerationCostText, runCharge, runCostText } from './run-cost.ts';

const out = { usage: 3, limit: 3, credits: 0 };

describe('runCharge', () => {
  it('never blocks a free regeneration, even with no allowance and no credits', () => {
    expect(runCharge(1, out)).toEqual({ kind: 'free', freeLeft: 2 });
    expect(runCharge(2, out)).toEqual({ kind: 'free', freeLeft: 1 });
  });
  it('blocks a new photo and a fourth run when nothing is left', () => {
    expect(runCharge(0, out)).toEqual({ kind: 'blocked' });
    expect(runCharge(3, out)).toEqual({ kind: 'blocked' });
  });
  it('takes the allowance first, then credits; unlimited plans are never blocked', () => {
    expect(runCharge(0, { usage: 1, limit: 3, credits: 5 })).toEqual({ kind: 'allowance', left: 2 });
    expect(runCharge(3, { usage: 3, limit: 3, credits: 5 })).toEqual({ kind: 'credit', credits: 5 });
    expect(runCharge(7, { usage: 900, limit: -1, credits: 0 })).toEqual({ kind: 'unlimited' });
  });
  it('is unknown without usage (signed out) unless the run is free anyway', () => {
    expect(runCharge(0, null)).toEqual({ kind: 'unknown' });
    expect(runCharge(1, undefined).kind).toBe('free');
  });
});

describe('cost copy', () => {
  it('names the cost of the next run on the result card', () => {
    expect(regenerationCostText(runCharge(1, out))).toBe(
      'Try Different Style: 2 free regenerations left for this photo.',
    );
    expect(regenerationCostText(runCharge(2, out))).toBe(
      'Try Different Style: 1 free regeneration left for this photo.',
    );
    expect(regenerationCostText(runCharge(3, { usage: 3, limit: 3, credits: 2 }))).toBe(
      'Try Different Style: free regenerations used; the next one costs 1 credit.',
    );
    expect(regenerationCostText({ kind: 'unknown' })).toBe(
      '2 free regenerations per photo, then 1 credit each.',
    );
  });
  it('states credits in the confirmation', () => {
    expect(runCostText(runCharge(3, { usage: 3, limit: 3, credits: 1 }))).toBe(
      'This run costs 1 credit (you have 1 credit).',
    );
    expect(runCostText({ kind: 'unknown' })).toBeNull();
  });
});
