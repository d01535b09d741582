import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, isUsablePending, PENDING_MAX_AGE_MS } from './pending-work.ts';
import { regenerationCostText, runCharge, runCostText } from './run-cost.ts';
import { afterSignInPath } from '../auth/use-redirect-if-authenticated.ts';

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
    expect(regenerationCostText(runCharge(1, out))).toBe('Try Different Style: 2 free regenerations left for this photo.');
    expect(regenerationCostText(runCharge(2, out))).toBe('Try Different Style: 1 free regeneration left for this photo.');
    expect(regenerationCostText(runCharge(3, { usage: 3, limit: 3, credits: 2 }))).toBe(
      'Try Different Style: free regenerations used; the next one costs 1 credit.',
    );
    expect(regenerationCostText({ kind: 'unknown' })).toBe('2 free regenerations per photo, then 1 credit each.');
  });
  it('states credits in the confirmation', () => {
    expect(runCostText(runCharge(3, { usage: 3, limit: 3, credits: 1 }))).toBe('This run costs 1 credit (you have 1 credit).');
    expect(runCostText({ kind: 'unknown' })).toBeNull();
  });
});

describe('pending work and the way back after sign-in', () => {
  const now = 1_000_000_000;
  const good = { file: new Blob(['x']), style: 'modern', roomType: 'bedroom', path: '/', savedAt: now - 1000 };
  it('accepts a fresh, well-formed record only', () => {
    expect(isUsablePending(good, now)).toBe(true);
    expect(isUsablePending({ ...good, savedAt: now - PENDING_MAX_AGE_MS - 1 }, now)).toBe(false);
    expect(isUsablePending({ ...good, style: 'baroque' }, now)).toBe(false);
    expect(isUsablePending({ ...good, path: '//evil.test' }, now)).toBe(false);
    expect(isUsablePending({ ...good, file: 'x' }, now)).toBe(false);
    expect(isUsablePending(null, now)).toBe(false);
  });
  it('returns only to paths on this site', () => {
    expect(isSafeReturnPath('/')).toBe(true);
    expect(isSafeReturnPath('/pricing')).toBe(true);
    expect(isSafeReturnPath('//evil.test')).toBe(false);
    expect(isSafeReturnPath('/\\evil.test')).toBe(false);
    expect(isSafeReturnPath('https://evil.test')).toBe(false);
  });
  it('goes to ?next=, else to a waiting photo, else to the dashboard', () => {
    expect(afterSignInPath('?next=%2F')).toBe('/');
    expect(afterSignInPath('next=%2F%2Fevil.test')).toBe('/dashboard');
    expect(afterSignInPath('', '/')).toBe('/');
    expect(afterSignInPath('')).toBe('/dashboard');
  });
});
