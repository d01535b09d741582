import { describe, expect, it } from 'vitest';
import { transformedFileName } from './download.ts';

describe('transformedFileName', () => {
  it('is transformed-room-{timestamp}.png', () => {
    expect(transformedFileName(1735689600000)).toBe('transformed-room-1735689600000.png');
    expect(transformedFileName(new Date(0))).toBe('transformed-room-0.png');
  });
  it('defaults to now', () => {
    expect(transformedFileName()).toMatch(/^transformed-room-\d{13}\.png$/);
  });
});
