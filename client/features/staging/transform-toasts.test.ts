import { describe, expect, it } from 'vitest';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import {
  identifiedToast,
  shouldToastUnsuitable,
  transformErrorToast,
  transformSuccessToast,
} from './transform-toasts.ts';

describe('transform error toasts', () => {
  it('401 signs the visitor in on both pages', () => {
    for (const page of ['home', 'dashboard'] as const) {
      expect(transformErrorToast('Unauthorized', page)).toEqual({
        title: 'Sign In Required',
        description: 'Please sign in to transform rooms. Redirecting...',
        redirectToLogin: true,
      });
    }
    expect(transformErrorToast('401: ', 'home').redirectToLogin).toBe(true);
  });
  it('one server message reads as Usage Limit Reached at home and Insufficient Credits on the dashboard', () => {
    expect(transformErrorToast(USAGE_LIMIT_MESSAGE, 'home').title).toBe('Usage Limit Reached');
    expect(transformErrorToast(USAGE_LIMIT_MESSAGE, 'dashboard').title).toBe('Insufficient Credits');
    expect(transformErrorToast('403: Forbidden', 'dashboard').title).toBe('Usage Limit Reached');
  });
  it('anything else is a failure with the message', () => {
    expect(transformErrorToast('Staging failed. You have not been charged.', 'home')).toEqual({
      title: 'Transformation Failed',
      description: 'Staging failed. You have not been charged.',
      redirectToLogin: false,
    });
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
