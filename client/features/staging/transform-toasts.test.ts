import { describe, expect, it } from 'vitest';
import { FEWER_PIECES_REFUNDED_MESSAGE, USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import type { ErrorCode } from '#shared/constants/error-codes.ts';
import { ApiError } from '#client/lib/api.ts';
import {
  identifiedToast,
  shouldToastUnsuitable,
  transformDoneToast,
  transformErrorToast,
  transformSuccessToast,
} from './transform-toasts.ts';

const api = (status: number, message: string, code: ErrorCode | null) => new ApiError(status, message, code);

describe('transform error toasts', () => {
  it('401 signs the visitor in on both pages', () => {
    for (const page of ['home', 'dashboard'] as const) {
      expect(transformErrorToast(api(401, 'Unauthorized', 'unauthorized'), page)).toEqual({
        title: 'Sign In Required',
        description: 'Please sign in to transform rooms. Redirecting...',
        redirectToLogin: true,
      });
    }
  });
  it('the out-of-credits code reads as Usage Limit Reached at home and Insufficient Credits on the dashboard', () => {
    const limit = api(403, USAGE_LIMIT_MESSAGE, 'usage_limit_exceeded');
    expect(transformErrorToast(limit, 'home').title).toBe('Usage Limit Reached');
    expect(transformErrorToast(limit, 'dashboard').title).toBe('Insufficient Credits');
  });
  it('decides on the code, never on the words', () => {
    const reworded = api(403, 'No credits left.', 'usage_limit_exceeded');
    expect(transformErrorToast(reworded, 'dashboard').title).toBe('Insufficient Credits');
    const sameWordsOtherCode = api(403, USAGE_LIMIT_MESSAGE, 'forbidden');
    expect(transformErrorToast(sameWordsOtherCode, 'home').title).toBe('Transformation Failed');
  });
  it('anything else is a failure with the message', () => {
    const failed = api(500, 'Staging failed. You have not been charged.', 'internal');
    expect(transformErrorToast(failed, 'home')).toEqual({
      title: 'Transformation Failed',
      description: 'Staging failed. You have not been charged.',
      redirectToLogin: false,
    });
    expect(transformErrorToast(new Error('Failed to fetch'), 'home').description).toBe('Failed to fetch');
  });
});

describe('other staging toasts', () => {
  it('names the style and the time', () => {
    expect(transformSuccessToast('scandinavian', 2.345)).toEqual({
      title: 'Room Transformed!',
      description: 'Your scandinavian room design is ready in 2.3s',
    });
  });
  it('claims a room type only when one was detected', () => {
    expect(identifiedToast('kitchen').description).toBe('Detected: Kitchen - Ready for staging!');
    expect(identifiedToast(null).description).toBe('Ready for staging!');
  });
  it('toasts an unsuitable image only with a specific reason', () => {
    expect(shouldToastUnsuitable('The photo is too dark to stage.')).toBe(true);
    expect(shouldToastUnsuitable('Failed to analyze image')).toBe(false);
    expect(shouldToastUnsuitable(undefined)).toBe(false);
  });
});

describe('the toast of a finished run', () => {
  const run = { style: 'modern' as const, processingTime: 2, isRegeneration: false };
  it('is the success toast, and one toast that says so when the run was refunded', () => {
    expect(transformDoneToast(run, 'home')).toEqual(transformSuccessToast('modern', 2));
    const refunded = transformDoneToast({ ...run, refundedFewerPieces: true }, 'home');
    expect(refunded).toEqual({ title: 'Room Transformed!', description: FEWER_PIECES_REFUNDED_MESSAGE });
  });
});
