import { describe, expect, it } from 'vitest';
import { forgotPasswordErrorToast, loginErrorToast } from './messages.ts';

describe('login error toasts', () => {
  it('recognises an unverified e-mail', () => {
    expect(loginErrorToast('Please verify your email before logging in.')).toEqual({
      title: 'Email not verified',
      description: 'Please check your email and verify your account before logging in.',
      unverified: true,
    });
    expect(loginErrorToast('Account not verified').title).toBe('Email not verified');
  });
  it('recognises rate limiting and keeps the server message', () => {
    expect(loginErrorToast('Too many login attempts. Please try again in 15 minutes.')).toMatchObject({
      title: 'Too many attempts',
      description: 'Too many login attempts. Please try again in 15 minutes.',
    });
  });
  it('falls back to Login failed', () => {
    expect(loginErrorToast('Invalid email or password')).toMatchObject({
      title: 'Login failed',
      description: 'Invalid email or password',
    });
    expect(loginErrorToast(undefined).description).toBe('Invalid email or password');
  });
  it('forgot password: rate limits get their own title', () => {
    expect(forgotPasswordErrorToast('Too many requests. Please try again in 60 minutes.').title).toBe(
      'Too many requests',
    );
    expect(forgotPasswordErrorToast('400: nope')).toEqual({
      title: 'Request failed',
      description: '400: nope',
    });
  });
});
