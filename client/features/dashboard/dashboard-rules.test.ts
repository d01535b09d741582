import { describe, expect, it } from 'vitest';
import { displayTitle } from './display-title.ts';
import { applyHistoryView, DEFAULT_VIEW, filterOptions } from './history-sort.ts';
import { previousStyles, regenerationNotice, transformButtonLabel } from './regeneration.ts';
import { usagePercent, usageText } from './usage-rules.ts';

describe('display title', () => {
  it('uses the custom title when it is not blank', () => {
    expect(displayTitle({ userTitle: '  Sunny den ', style: 'modern', roomType: 'office' })).toBe(
      'Sunny den',
    );
  });
  it('falls back to the title-cased style and room type', () => {
    expect(displayTitle({ userTitle: null, style: 'modern', roomType: 'living-room' })).toBe(
      'Modern Living Room',
    );
    expect(displayTitle({ userTitle: '   ', style: 'scandinavian', roomType: 'dining-room' })).toBe(
      'Scandinavian Dining Room',
    );
  });
});

describe('regeneration wording', () => {
  it('count 0: a new photo, no notice', () => {
    expect(regenerationNotice(0)).toBeNull();
    expect(transformButtonLabel(0)).toBe('Transform Room');
  });
  it('count 1: 2 free left', () => {
    expect(regenerationNotice(1)).toBe(
      'This image has been transformed 1 time before. You have 2 free regenerations left.',
    );
    expect(transformButtonLabel(1)).toBe('Regenerate for FREE (2 left)');
  });
  it('count 2: the final free one', () => {
    expect(regenerationNotice(2)).toBe(
      'This image has been transformed 2 times before. This is your final free regeneration.',
    );
    expect(transformButtonLabel(2)).toBe('Regenerate for FREE (1 left)');
  });
  it('count 3 and more: 1 credit each', () => {
    expect(regenerationNotice(3)).toBe(
      'This image has been transformed 3 times before. Further regenerations cost 1 credit each.',
    );
    expect(regenerationNotice(7)).toContain('1 credit each');
    expect(transformButtonLabel(3)).toBe('Regenerate (1 credit)');
  });
  it('shows up to 3 previous styles, then +n more', () => {
    expect(previousStyles(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(previousStyles(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('usage', () => {
  it('shows used / limit or infinity', () => {
    expect(usageText({ usage: 2, limit: 3 })).toBe('2 / 3');
    expect(usageText({ usage: 9, limit: -1 })).toBe('9 / ∞');
    expect(usagePercent({ usage: 3, limit: 50 })).toBe(6);
    expect(usagePercent({ usage: 9, limit: 3 })).toBe(100);
  });
});

describe('history sort and filters', () => {
  const items = [
    { id: '1', style: 'modern', roomType: 'bedroom', userTitle: null, createdAt: '2025-01-01T10:00:00Z' },
    {
      id: '2',
      style: 'bohemian',
      roomType: 'kitchen',
      userTitle: 'Zen kitchen',
      createdAt: '2025-01-03T10:00:00Z',
    },
    { id: '3', style: 'industrial', roomType: 'bedroom', userTitle: '', createdAt: '2025-01-02T10:00:00Z' },
  ] as const;
  const ids = (v: Partial<typeof DEFAULT_VIEW>) =>
    applyHistoryView(items, { ...DEFAULT_VIEW, ...v }).map((t) => t.id);
  it('sorts by date, style or title in both directions', () => {
    expect(ids({})).toEqual(['2', '3', '1']);
    expect(ids({ dir: 'asc' })).toEqual(['1', '3', '2']);
    expect(ids({ sort: 'style', dir: 'asc' })).toEqual(['2', '3', '1']);
    expect(ids({ sort: 'title', dir: 'asc' })).toEqual(['3', '1', '2']);
    expect(ids({ sort: 'title', dir: 'desc' })).toEqual(['2', '1', '3']);
  });
  it('filters by style and room, with options built from the values present', () => {
    expect(ids({ room: 'bedroom' })).toEqual(['3', '1']);
    expect(ids({ style: 'modern', room: 'kitchen' })).toEqual([]);
    expect(filterOptions(items)).toEqual({
      styles: ['modern', 'bohemian', 'industrial'],
      rooms: ['bedroom', 'kitchen'],
    });
  });
});
