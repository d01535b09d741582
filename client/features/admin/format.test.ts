import { describe, expect, it } from 'vitest';
import {
  auditDate,
  formatLatency,
  formatRate,
  fullName,
  parseGrant,
  planVariant,
  shortId,
  tableDate,
} from './format.ts';

describe('admin display rules', () => {
  it('grants only a whole number above 0 (and within one grant)', () => {
    expect(parseGrant('5')).toBe(5);
    expect(parseGrant(' 12 ')).toBe(12);
    for (const bad of ['', '0', '-1', '1.5', '1e3', 'abc', '100001']) expect(parseGrant(bad), bad).toBeNull();
    expect(parseGrant('100000')).toBe(100_000);
  });

  it('shows ids by their first 8 characters, N/A when missing', () => {
    expect(shortId('0f8a1b2c-aaaa-4bbb-8ccc-123456789abc')).toBe('0f8a1b2c');
    expect(shortId(null)).toBe('N/A');
  });

  it("formats table dates as 'MMM d, HH:mm' and audit dates with seconds", () => {
    const d = new Date(2025, 2, 7, 9, 5, 42).toISOString();
    expect(tableDate(d)).toBe('Mar 7, 09:05');
    expect(auditDate(d)).toBe('Mar 7, 09:05:42');
  });

  it('names, plan badges and room types', () => {
    expect(fullName({ firstName: null, lastName: null })).toBe('No Name');
    expect(fullName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect([planVariant('free'), planVariant('pro'), planVariant('premium')]).toEqual([
      'secondary',
      'default',
      'destructive',
    ]);
  });

  it('engine latency and failure rate', () => {
    expect([formatLatency(null), formatLatency(420.4), formatLatency(999), formatLatency(12_345)]).toEqual([
      '–',
      '420 ms',
      '999 ms',
      '12.3 s',
    ]);
    expect([formatRate(null), formatRate(0), formatRate(1 / 12), formatRate(0.25), formatRate(1)]).toEqual([
      '–',
      '0%',
      '8.3%',
      '25%',
      '100%',
    ]);
  });
});
