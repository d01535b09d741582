import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.APP_URL).toBe('http://localhost:5000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
    expect(env.STAGING_ENGINE).toBe('local');
    expect(env.WATERMARK).toBe(true);
    expect(env.secureCookies).toBe(false);
  });

  it('names every bad variable in one clear message', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', STAGING_ENGINE: 'magic' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid environment configuration:/);
    expect(message).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(message).toContain('DATABASE_URL must be a URL, got "not a url"');
    expect(message).toContain('STAGING_ENGINE');
  });

  it('requires a long SESSION_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
  });

  it('requires the provider key for the gemini engine and the webhook secret with Stripe', () => {
    expect(() => loadEnv({ STAGING_ENGINE: 'gemini' })).toThrow(/GEMINI_API_KEY is required/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
  });

  it('requires an existing REPLAY_DIR for the replay engine', () => {
    expect(() => loadEnv({ STAGING_ENGINE: 'replay' })).toThrow(/REPLAY_DIR must name an existing directory/);
    expect(() => loadEnv({ STAGING_ENGINE: 'replay', REPLAY_DIR: '/no/such/dir' })).toThrow(/REPLAY_DIR/);
    expect(loadEnv({ STAGING_ENGINE: 'replay', REPLAY_DIR: process.cwd() }).REPLAY_DIR).toBe(process.cwd());
  });

  it('marks cookies secure for an https APP_URL and lists admin e-mails in lower case', () => {
    const env = loadEnv({ APP_URL: 'https://stage.example.com/', ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' });
    expect(env.APP_URL).toBe('https://stage.example.com');
    expect(env.secureCookies).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });
});
