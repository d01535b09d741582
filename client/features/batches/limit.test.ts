import { describe, expect, it } from 'vitest';
import { createLimiter } from './limit.ts';

describe('createLimiter', () => {
  it('never runs more than n tasks at once, starts them in order and passes results and errors through', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3) * 3));
      running--;
      if (i === 3) throw new Error('bad photo');
      return i * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => limit(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'bad photo',
      40,
      50,
    ]);
  });
});
