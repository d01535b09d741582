import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, dueReset } from './billing-period.ts';

describe('monthly reset', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('is not due before the date', () => {
    expect(dueReset(new Date('2026-03-16T00:00:00Z'), now)).toBeNull();
  });
  it('starts a month from now when no date was set', () => {
    expect(dueReset(null, now)?.nextResetDate.toISOString()).toBe('2026-04-15T12:00:00.000Z');
  });
  it('moves the date forward by whole months until it is in the future', () => {
    expect(dueReset(new Date('2026-03-01T00:00:00Z'), now)?.nextResetDate.toISOString()).toBe(
      '2026-04-01T00:00:00.000Z',
    );
    expect(dueReset(new Date('2025-12-20T00:00:00Z'), now)?.nextResetDate.toISOString()).toBe(
      '2026-03-20T00:00:00.000Z',
    );
    expect(dueReset(new Date('2026-03-15T12:00:00Z'), now)?.nextResetDate.toISOString()).toBe(
      '2026-04-15T12:00:00.000Z',
    );
  });
  it('clamps month ends', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 2).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });
  it('always lands strictly after now', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (d) => {
          const r = dueReset(d, now);
          if (d > now) expect(r).toBeNull();
          else expect(r!.nextResetDate.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});
