import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargeSource,
  freeRegenerationsLeft,
  isFreeRegeneration,
  isOutOfCredits,
  transformationCost,
} from './credits.ts';
import { allowanceLeft, isUnlimited } from './plans.ts';

describe('transformation cost (regeneration rule)', () => {
  it('charges the first run, frees the next two, charges every run after', () => {
    expect([0, 1, 2, 3, 4, 9].map(transformationCost)).toEqual([
      { creditsCost: 1, isRegeneration: false },
      { creditsCost: 0, isRegeneration: true },
      { creditsCost: 0, isRegeneration: true },
      { creditsCost: 1, isRegeneration: true },
      { creditsCost: 1, isRegeneration: true },
      { creditsCost: 1, isRegeneration: true },
    ]);
  });
  it('counts the free regenerations left', () => {
    expect([0, 1, 2, 3].map(isFreeRegeneration)).toEqual([false, true, true, false]);
    expect([0, 1, 2, 3].map(freeRegenerationsLeft)).toEqual([0, 2, 1, 0]);
  });
});

describe('charge source', () => {
  const paid = transformationCost(0);
  it('never blocks a free regeneration', () => {
    expect(chargeSource(transformationCost(1), { limit: 3, usage: 3, credits: 0 })).toBe('free');
  });
  it('never blocks an unlimited plan', () => {
    expect(chargeSource(paid, { limit: -1, usage: 10_000, credits: 0 })).toBe('unlimited');
  });
  it('uses the allowance first, then credits, then refuses', () => {
    expect(chargeSource(paid, { limit: 3, usage: 2, credits: 5 })).toBe('allowance');
    expect(chargeSource(paid, { limit: 3, usage: 3, credits: 5 })).toBe('credit');
    expect(chargeSource(paid, { limit: 3, usage: 3, credits: 0 })).toBeNull();
  });
});

describe('out of credits', () => {
  it('is the red card: no credits, a limited plan, the allowance used up', () => {
    expect(isOutOfCredits({ credits: 0, limit: 3, usage: 3 })).toBe(true);
    expect(isOutOfCredits({ credits: 0, limit: 3, usage: 4 })).toBe(true);
    expect(isOutOfCredits({ credits: 1, limit: 3, usage: 3 })).toBe(false);
    expect(isOutOfCredits({ credits: 0, limit: 3, usage: 2 })).toBe(false);
    expect(isOutOfCredits({ credits: 0, limit: -1, usage: 999 })).toBe(false);
  });
  it('holds exactly when a paid run has no source', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 60 }), fc.nat(80), fc.nat(5), (limit, usage, credits) => {
        const b = { limit, usage, credits };
        expect(isOutOfCredits(b)).toBe(credits <= 0 && limit !== -1 && usage >= limit);
      }),
    );
  });
});

describe('plan limits', () => {
  it('knows unlimited plans and the allowance left', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(3)).toBe(false);
    expect(allowanceLeft({ limit: 3, usage: 1 })).toBe(2);
    expect(allowanceLeft({ limit: 3, usage: 5 })).toBe(0);
    expect(allowanceLeft({ limit: -1, usage: 5 })).toBe(Infinity);
  });
});
