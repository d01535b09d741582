import { describe, expect, it } from 'vitest';
import { ordinal, queueStatusText, waitText } from './queue-wait.ts';

describe('queue wait copy', () => {
  it('rounds waits the way people say them', () => {
    expect(waitText(3)).toBe('a few seconds');
    expect(waitText(22)).toBe('about 20 seconds');
    expect(waitText(58)).toBe('about 60 seconds');
    expect(waitText(61)).toBe('about 1 minute');
    expect(waitText(150)).toBe('about 3 minutes');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('tells a waiting job its place and wait, a running one its wait, and says nothing once settled', () => {
    expect(queueStatusText({ state: 'queued', queuePosition: 3, estimatedWaitSeconds: 24 })).toBe(
      '3rd in the queue · ready in about 25 seconds',
    );
    expect(queueStatusText({ state: 'queued', queuePosition: 1, estimatedWaitSeconds: 4 })).toBe(
      'Next in the queue · ready in a few seconds',
    );
    expect(queueStatusText({ state: 'running', queuePosition: null, estimatedWaitSeconds: 130 })).toBe(
      'Staging now · ready in about 2 minutes',
    );
    expect(
      queueStatusText({ state: 'completed', queuePosition: null, estimatedWaitSeconds: null }),
    ).toBeNull();
  });
});
