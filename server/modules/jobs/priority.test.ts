import { describe, expect, it } from 'vitest';
import { jobPriority } from './priority.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + s * 1000);
// pg-boss fetches the highest priority first; ties by enqueue order.
const order = (jobs: { name: string; p: number }[]) => [...jobs].sort((a, b) => b.p - a.p).map((j) => j.name);

describe('jobPriority', () => {
  it('serves Premium before Pro before Free when enqueued close together', () => {
    const jobs = [
      { name: 'free', p: jobPriority('free', at(0)) },
      { name: 'pro', p: jobPriority('pro', at(5)) },
      { name: 'premium', p: jobPriority('premium', at(10)) },
    ];
    expect(order(jobs)).toEqual(['premium', 'pro', 'free']);
  });

  it('is first in, first out within a plan', () => {
    expect(jobPriority('pro', at(0))).toBeGreaterThan(jobPriority('pro', at(1)));
    expect(jobPriority('free', at(0))).toBeGreaterThan(jobPriority('free', at(30)));
  });

  it('never lets a paying job enqueued more than two minutes later pass a Free job', () => {
    expect(jobPriority('free', at(0))).toBeGreaterThan(jobPriority('premium', at(121)));
    expect(jobPriority('free', at(0))).toBeGreaterThan(jobPriority('pro', at(61)));
    expect(jobPriority('pro', at(0))).toBeGreaterThan(jobPriority('premium', at(61)));
  });

  it('fits pg-boss priority column (int4)', () => {
    const p = jobPriority('premium', new Date(Date.UTC(2090, 0, 1)));
    expect(Number.isInteger(p)).toBe(true);
    expect(Math.abs(p)).toBeLessThan(2 ** 31);
  });
});
