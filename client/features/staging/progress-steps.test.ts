import { describe, expect, it } from 'vitest';
import { PROGRESS_HOLD_MAX, progressAt } from './progress-steps.ts';

describe('progressAt', () => {
  it('starts at 0 on the first step', () => {
    expect(progressAt(0, false)).toEqual({ percent: 0, activeStep: 0 });
  });
  it('reaches 30 % after ~2 s and 65 % after ~4 s', () => {
    expect(progressAt(1000, false)).toEqual({ percent: 15, activeStep: 0 });
    expect(progressAt(2000, false)).toEqual({ percent: 30, activeStep: 1 });
    expect(progressAt(4000, false)).toEqual({ percent: 65, activeStep: 2 });
  });
  it('never shows more than 95 % while the request runs, however long it takes', () => {
    expect(progressAt(5800, false).percent).toBe(PROGRESS_HOLD_MAX);
    expect(progressAt(60_000, false)).toEqual({ percent: 95, activeStep: 2 });
  });
  it('is monotonic over a 100 ms poll', () => {
    let prev = -1;
    for (let t = 0; t <= 8000; t += 100) {
      const { percent } = progressAt(t, false);
      expect(percent).toBeGreaterThanOrEqual(prev);
      prev = percent;
    }
  });
  it('shows 100 % and every step done only once the server answered', () => {
    expect(progressAt(500, true)).toEqual({ percent: 100, activeStep: 3 });
  });
  it('treats bad clocks as the start', () => {
    expect(progressAt(-50, false).percent).toBe(0);
    expect(progressAt(Number.NaN, false).percent).toBe(0);
  });
});
