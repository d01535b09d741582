import { describe, expect, it } from 'vitest';
import {
  ALL_STYLES_FEATURE,
  FREE_REGENERATIONS_FEATURE,
  FREE_REGENERATIONS_SHORT,
  inWords,
  MAX_UPLOAD_LABEL,
  monthlyAllowanceLabel,
  STYLE_COUNT_TITLE,
  STYLE_COUNT_WORDS,
  UPLOAD_SIZE_ERROR,
} from './figures.ts';
import { UNLIMITED } from './plans.ts';

describe('figures stated in words', () => {
  it('say today what the spec and the site say', () => {
    expect(MAX_UPLOAD_LABEL).toBe('10MB');
    expect(UPLOAD_SIZE_ERROR).toBe('File size must be less than 10MB.');
    expect(STYLE_COUNT_WORDS).toBe('six');
    expect(STYLE_COUNT_TITLE).toBe('Six');
    expect(ALL_STYLES_FEATURE).toBe('All 6 design styles');
    expect(FREE_REGENERATIONS_FEATURE).toBe('2 free regenerations per photo');
    expect(FREE_REGENERATIONS_SHORT).toBe('2 free');
  });

  it('name a plan allowance, unlimited included', () => {
    expect(monthlyAllowanceLabel(3)).toBe('3 transformations per month');
    expect(monthlyAllowanceLabel(UNLIMITED)).toBe('Unlimited transformations');
  });

  it('write small counts in words and larger ones in digits', () => {
    expect([0, 2, 10, 11].map(inWords)).toEqual(['zero', 'two', 'ten', '11']);
  });
});
