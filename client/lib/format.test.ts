import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileDate, formatMoney, titleCase } from './format.ts';

describe('formats', () => {
  const d = new Date(2025, 2, 5, 14, 7);
  it('dates', () => {
    expect(formatDate(d)).toBe('Mar 05, 2025');
    expect(formatDateTime(d)).toBe('Mar 05, 2025 • 2:07 PM');
    expect(formatFileDate(d)).toBe('2025-03-05');
    expect(formatDate(d.toISOString())).toBe('Mar 05, 2025');
  });
  it('enum values title-cased', () => {
    expect(titleCase('bedroom')).toBe('Bedroom');
    expect(titleCase('living-room')).toBe('Living Room');
  });
  it('money in dollars with 2 decimals', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoney(290)).toBe('$290.00');
    expect(formatMoney(1.5)).toBe('$1.50');
  });
});
