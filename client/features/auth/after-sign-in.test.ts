import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, isUsablePending, PENDING_MAX_AGE_MS } from '#client/lib/pending-work.ts';
import { afterSignInPath } from './use-redirect-if-authenticated.ts';

describe('pending work and the way back after sign-in', () => {
  const now = 1_000_000_000;
  const good = {
    file: new Blob(['x']),
    style: 'modern',
    roomType: 'bedroom',
    path: '/',
    savedAt: now - 1000,
  };
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
