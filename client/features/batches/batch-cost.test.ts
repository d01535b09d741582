import { describe, expect, it } from 'vitest';
import { batchCost, batchCostText, shortfallText } from './batch-cost.ts';

const usage = (used: number, limit: number, credits: number) => ({ usage: used, limit, credits });

describe('batchCost', () => {
  it('takes the monthly allowance first, then credits', () => {
    const c = batchCost([0, 0, 0, 0, 0], usage(1, 3, 10));
    expect(c).toMatchObject({ paid: 5, free: 0, fromAllowance: 2, fromCredits: 3, short: 0, available: 12 });
    expect(batchCostText(c)).toBe('2 monthly transformations and 3 credits');
    expect(shortfallText(c)).toBeNull();
  });

  it('counts the 2nd and 3rd run of a photo as free, the 4th as paid, and an unknown count as paid', () => {
    const c = batchCost([1, 2, 3, null], usage(3, 3, 5));
    expect(c).toMatchObject({ free: 2, paid: 2, fromAllowance: 0, fromCredits: 2, short: 0 });
    expect(batchCostText(c)).toBe('2 credits (2 photos are free regenerations)');
  });

  it('says how many photos cannot be paid for', () => {
    const c = batchCost(Array(20).fill(0), usage(0, 3, 10));
    expect(c).toMatchObject({ paid: 20, fromAllowance: 3, fromCredits: 10, short: 7, available: 13 });
    expect(shortfallText(c)).toBe(
      'These 20 photos need 20 transformations or credits, but you have 13 left. Remove 7 photos or buy credits to stage them all.',
    );
  });

  it('never blocks an unlimited plan, nor a batch of free regenerations', () => {
    const u = batchCost([0, 0], usage(500, -1, 0));
    expect(u).toMatchObject({ unlimited: true, short: 0, fromAllowance: 2 });
    expect(batchCostText(u)).toBe('2 transformations from your unlimited plan');
    const f = batchCost([1], usage(3, 3, 0));
    expect(f).toMatchObject({ paid: 0, short: 0 });
    expect(batchCostText(f)).toBe('Nothing (1 photo is a free regeneration)');
  });
});
