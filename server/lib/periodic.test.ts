import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';
import { startPeriodic } from './periodic.ts';

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const logger = createLogger('silent');

  it('runs at start and then every interval until stopped', async () => {
    const runs: boolean[] = [];
    const stop = startPeriodic(logger, {
      name: 'job',
      everyMs: 1000,
      run: (first) => Promise.resolve(void runs.push(first)),
    });
    await vi.advanceTimersByTimeAsync(2500);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual([true, false, false]);
  });

  it('skips a tick while the previous run is still going, and survives a failing run', async () => {
    let calls = 0;
    const error = vi.spyOn(logger, 'error');
    const stop = startPeriodic(logger, {
      name: 'slow job',
      everyMs: 100,
      run: async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 250));
        if (calls === 1) throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(260);
    expect(calls).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[1]).toBe('slow job failed');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    stop();
  });
});
