import { describe, expect, it } from 'vitest';
import { createLatestChoice } from './latest-choice.ts';

const photo = (name: string) => new File([name], name, { type: 'image/jpeg' });

describe('createLatestChoice', () => {
  it('a late answer for the previous photo is stale once a new photo is chosen', () => {
    const latest = createLatestChoice<File>();
    const first = photo('a.jpg');
    const second = photo('b.jpg');
    latest.choose(first);
    expect(latest.isLatest(first)).toBe(true);
    latest.choose(second);
    // The first photo's identify / existing-transformations answers arrive now: ignored.
    expect(latest.isLatest(first)).toBe(false);
    expect(latest.isLatest(second)).toBe(true);
  });

  it('compares identity, not name: the same file chosen again is a new choice', () => {
    const latest = createLatestChoice<File>();
    const once = photo('same.jpg');
    const again = photo('same.jpg');
    latest.choose(once);
    latest.choose(again);
    expect(latest.isLatest(once)).toBe(false);
    expect(latest.isLatest(again)).toBe(true);
  });

  it('after a reset nothing is current', () => {
    const latest = createLatestChoice<File>();
    const f = photo('a.jpg');
    latest.choose(f);
    latest.choose(null);
    expect(latest.isLatest(f)).toBe(false);
  });
});
