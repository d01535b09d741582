import { describe, expect, it } from 'vitest';
import { mergeRuns, regenerationCostText, runCharge, runCostText } from './run-cost.ts';

const out = { usage: 3, limit: 3, credits: 0 };

describe('runCharge', () => {
  it('never blocks a free regeneration, even with no allowance and no credits', () => {
    expect(runCharge(1, out)).toEqual({ kind: 'free', freeLeft: 2 });
    expect(runCharge(2, out)).toEqual({ kind: 'free', freeLeft: 1 });
  });
  it('blocks a new photo and a fourth run when nothing is left', () => {
    expect(runCharge(0, out)).toEqual({ kind: 'blocked' });
    expect(runCharge(3, out)).toEqual({ kind: 'blocked' });
  });
  it('takes the allowance first, then credits; unlimited plans are never blocked', () => {
    expect(runCharge(0, { usage: 1, limit: 3, credits: 5 })).toEqual({ kind: 'allowance', left: 2 });
    expect(runCharge(3, { usage: 3, limit: 3, credits: 5 })).toEqual({ kind: 'credit', credits: 5 });
    expect(runCharge(7, { usage: 900, limit: -1, credits: 0 })).toEqual({ kind: 'unlimited' });
  });
  it('is unknown without usage (signed out) unless the run is free anyway', () => {
    expect(runCharge(0, null)).toEqual({ kind: 'unknown' });
    expect(runCharge(1, undefined).kind).toBe('free');
  });
});

describe('cost copy', () => {
  it('names the cost of the next run on the result card', () => {
    expect(regenerationCostText(runCharge(1, out))).toBe(
      'Try Different Style: 2 free regenerations left for this photo.',
    );
    expect(regenerationCostText(runCharge(2, out))).toBe(
      'Try Different Style: 1 free regeneration left for this photo.',
    );
    expect(regenerationCostText(runCharge(3, { usage: 3, limit: 3, credits: 2 }))).toBe(
      'Try Different Style: free regenerations used; the next one costs 1 credit.',
    );
    expect(regenerationCostText({ kind: 'unknown' })).toBe(
      '2 free regenerations per photo, then 1 credit each.',
    );
  });
  it('states credits in the confirmation', () => {
    expect(runCostText(runCharge(3, { usage: 3, limit: 3, credits: 1 }))).toBe(
      'This run costs 1 credit (you have 1 credit).',
    );
    expect(runCostText({ kind: 'unknown' })).toBeNull();
  });
});

describe('mergeRuns', () => {
  const run = (id: string) =>
    ({ id, style: 'modern', roomType: 'bedroom', createdAt: '2026-11-24T10:00:00.000Z' }) as const;
  it('counts a run once whichever of the check and the finished run arrives first', () => {
    const checkedAfterInsert = [run('a')];
    // The run finished first, then the check (which already saw it) arrived, and the other way round.
    expect(mergeRuns(checkedAfterInsert, [run('a')])).toHaveLength(1);
    expect(mergeRuns([run('a')], checkedAfterInsert)).toHaveLength(1);
  });
  it('keeps a finished run the check did not see yet, and every earlier run', () => {
    expect(mergeRuns([], [run('a')]).map((r) => r.id)).toEqual(['a']);
    expect(mergeRuns([run('x'), run('y')], [run('a'), run('x')]).map((r) => r.id)).toEqual(['x', 'y', 'a']);
  });
});
