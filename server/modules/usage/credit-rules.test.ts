import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, chargeSource, dueReset, isOutOfCredits, transformationCost } from './credit-rules.ts';

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
});

describe('charge source', () => {
  const paid = transformationCost(0);
  it('never blocks a free regeneration', () => {
    expect(chargeSource(transformationCost(1), { limit: 3, monthlyUsage: 3, creditsBalance: 0 })).toBe('free');
  });
  it('never blocks an unlimited plan', () => {
    expect(chargeSource(paid, { limit: -1, monthlyUsage: 10_000, creditsBalance: 0 })).toBe('unlimited');
  });
  it('uses the allowance first, then credits, then refuses', () => {
    expect(chargeSource(paid, { limit: 3, monthlyUsage: 2, creditsBalance: 5 })).toBe('allowance');
    expect(chargeSource(paid, { limit: 3, monthlyUsage: 3, creditsBalance: 5 })).toBe('credit');
    expect(chargeSource(paid, { limit: 3, monthlyUsage: 3, creditsBalance: 0 })).toBeNull();
  });
  it('agrees with the dashboard blocking rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 60 }), fc.nat(80), fc.nat(5), (limit, monthlyUsage, creditsBalance) => {
        const a = { limit, monthlyUsage, creditsBalance };
        expect(chargeSource(paid, a) === null).toBe(isOutOfCredits(a));
      }),
    );
  });
});

describe('monthly reset', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('is not due before the date', () => {
    expect(dueReset(new Date('2026-03-16T00:00:00Z'), now)).toBeNull();
  });
  it('starts a month from now when no date was set', () => {
    expect(dueReset(null, now)?.nextResetDate.toISOString()).toBe('2026-04-15T12:00:00.000Z');
  });
  it('moves the date forward by whole months until it is in the future', () => {
    expect(dueReset(new Date('2026-03-01T00:00:00Z'), now)?.nextResetDate.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(dueReset(new Date('2025-12-20T00:00:00Z'), now)?.nextResetDate.toISOString()).toBe('2026-03-20T00:00:00.000Z');
    expect(dueReset(new Date('2026-03-15T12:00:00Z'), now)?.nextResetDate.toISOString()).toBe('2026-04-15T12:00:00.000Z');
  });
  it('clamps month ends', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 2).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });
  it('always lands strictly after now', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), (d) => {
        const r = dueReset(d, now);
        if (d > now) expect(r).toBeNull();
        else expect(r!.nextResetDate.getTime()).toBeGreaterThan(now.getTime());
      }),
    );
  });
});
