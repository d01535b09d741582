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
    expect(env.TRANSFORMS_AT_ONCE_PER_ACCOUNT).toBe(2);
  });

  it('reads the per-account transform limit and refuses one below 1', () => {
    expect(loadEnv({ TRANSFORMS_AT_ONCE_PER_ACCOUNT: '5' }).TRANSFORMS_AT_ONCE_PER_ACCOUNT).toBe(5);
    expect(() => loadEnv({ TRANSFORMS_AT_ONCE_PER_ACCOUNT: '0' })).toThrow(
      /TRANSFORMS_AT_ONCE_PER_ACCOUNT must be a whole number from 1 to 100, got "0"/,
    );
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
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
    expect(
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), C2PA_ENABLED: 'false' }).isProduction,
    ).toBe(true);
  });

  it('refuses production without its own Content Credentials certificate while they are switched on', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadEnv(prod)).toThrow(/C2PA_CERT_PEM and C2PA_KEY_PEM are required in production/);
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const key = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----';
    expect(loadEnv({ ...prod, C2PA_CERT_PEM: pem, C2PA_KEY_PEM: key }).C2PA_ENABLED).toBe(true);
    expect(loadEnv({ ...prod, C2PA_ENABLED: 'false' }).C2PA_ENABLED).toBe(false);
    // Development signs with a certificate it makes itself (server/lib/c2pa).
    expect(loadEnv({}).C2PA_ENABLED).toBe(true);
    expect(() => loadEnv({ C2PA_CERT_PEM: pem })).toThrow(/C2PA_CERT_PEM and C2PA_KEY_PEM go together/);
    expect(() => loadEnv({ C2PA_CERT_PEM: '/no/such.pem', C2PA_KEY_PEM: key })).toThrow(
      /C2PA_CERT_PEM must be PEM text or the path of an existing PEM file/,
    );
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
    const env = loadEnv({
      APP_URL: 'https://stage.example.com/',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
    });
    expect(env.APP_URL).toBe('https://stage.example.com');
    expect(env.secureCookies).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('checks the key of the configured image provider, one line per problem', () => {
    expect(() => loadEnv({ STAGING_ENGINE: 'openai' })).toThrow(
      /OPENAI_API_KEY is required when STAGING_ENGINE=openai/,
    );
    expect(() =>
      loadEnv({ STAGING_ENGINE: 'openai', OPENAI_API_KEY: '"sk-abcdefghijklmnopqrstuvwxyz"' }),
    ).toThrow(/OPENAI_API_KEY does not look like a valid key \(expected "sk-\.\.\."/);
    expect(() =>
      loadEnv({ STAGING_ENGINE: 'openai', OPENAI_API_KEY: 'r8_abcdefghijklmnopqrstuvwxyz' }),
    ).toThrow(/OPENAI_API_KEY does not look like/);
    expect(
      loadEnv({ STAGING_ENGINE: 'openai', OPENAI_API_KEY: 'sk-proj-abcdefghijklmnopqrstuvwxyz' })
        .OPENAI_IMAGE_MODEL,
    ).toBe('gpt-image-2');
    // Behind a proxy (or a test fake) the key is the proxy's business.
    expect(
      loadEnv({
        STAGING_ENGINE: 'openai',
        OPENAI_API_KEY: 'proxy-key',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      }).OPENAI_API_KEY,
    ).toBe('proxy-key');

    expect(() => loadEnv({ STAGING_ENGINE: 'replicate' })).toThrow(
      /REPLICATE_API_TOKEN is required when STAGING_ENGINE=replicate/,
    );
    expect(() =>
      loadEnv({ STAGING_ENGINE: 'replicate', REPLICATE_API_TOKEN: 'sk-abcdefghijklmnopqrstuvwxyz' }),
    ).toThrow(/REPLICATE_API_TOKEN does not look like/);
    expect(() =>
      loadEnv({
        STAGING_ENGINE: 'replicate',
        REPLICATE_API_TOKEN: 'r8_abcdefghijklmnopqrstuvwxyz',
        REPLICATE_MODEL: 'flux',
      }),
    ).toThrow(/REPLICATE_MODEL must be "owner\/name" or "owner\/name:version"/);
    const r = loadEnv({
      STAGING_ENGINE: 'replicate',
      REPLICATE_API_TOKEN: 'r8_abcdefghijklmnopqrstuvwxyz',
      REPLICATE_MODEL: 'black-forest-labs/flux-fill-pro',
    });
    expect([r.REPLICATE_MODEL, r.REPLICATE_POLL_INTERVAL_MS]).toEqual([
      'black-forest-labs/flux-fill-pro',
      1000,
    ]);

    expect(() => loadEnv({ STAGING_ENGINE: 'http' })).toThrow(
      /STAGING_HTTP_URL is required when STAGING_ENGINE=http/,
    );
    expect(() => loadEnv({ STAGING_ENGINE: 'http', STAGING_HTTP_URL: 'ftp://gpu.local/stage' })).toThrow(
      /STAGING_HTTP_URL must be an http\(s\) URL/,
    );
    const h = loadEnv({
      STAGING_ENGINE: 'http',
      STAGING_HTTP_URL: 'http://gpu.local:8000/stage',
      STAGING_HTTP_DECLUTTER: 'true',
    });
    expect([h.STAGING_HTTP_URL, h.STAGING_HTTP_DECLUTTER, h.STAGING_HTTP_MAX_EDGE]).toEqual([
      'http://gpu.local:8000/stage',
      true,
      2048,
    ]);
    // Keys of engines that are not selected are not required.
    expect(loadEnv({ STAGING_ENGINE: 'local' }).STAGING_ENGINE).toBe('local');
  });
});
