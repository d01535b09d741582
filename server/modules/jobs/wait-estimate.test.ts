import { describe, expect, it } from 'vitest';
import { estimateWait } from './wait-estimate.ts';

describe('estimateWait', () => {
  it('puts a job with nobody ahead first, one run away', () => {
    expect(estimateWait({ runSeconds: 4, ahead: 0, running: 0 })).toEqual({
      queuePosition: 1,
      estimatedWaitSeconds: 4,
    });
  });

  it('shares the jobs ahead among the runs going on now', () => {
    // 6 ahead over 2 lanes = 3 runs, then its own: 4 runs of 2.5 s.
    expect(estimateWait({ runSeconds: 2.5, ahead: 6, running: 2 })).toEqual({
      queuePosition: 7,
      estimatedWaitSeconds: 10,
    });
    // No run going on: the jobs ahead still go one at a time, not all at once.
    expect(estimateWait({ runSeconds: 3, ahead: 4, running: 0 })).toEqual({
      queuePosition: 5,
      estimatedWaitSeconds: 15,
    });
  });

  it('rounds up to whole seconds', () => {
    expect(estimateWait({ runSeconds: 1.2, ahead: 1, running: 3 }).estimatedWaitSeconds).toBe(2);
  });

  it('tells a running job what is left of its run, and at least one second when it is late', () => {
    expect(estimateWait({ runSeconds: 5, runningForSeconds: 1.5 })).toEqual({
      queuePosition: null,
      estimatedWaitSeconds: 4,
    });
    expect(estimateWait({ runSeconds: 5, runningForSeconds: 12 })).toEqual({
      queuePosition: null,
      estimatedWaitSeconds: 1,
    });
  });

  it('ignores nonsense inputs rather than showing a negative or infinite wait', () => {
    expect(estimateWait({ runSeconds: Number.NaN, ahead: -3 })).toEqual({
      queuePosition: 1,
      estimatedWaitSeconds: 1,
    });
    expect(estimateWait({ runSeconds: 0, runningForSeconds: -2 })).toEqual({
      queuePosition: null,
      estimatedWaitSeconds: 1,
    });
  });
});
