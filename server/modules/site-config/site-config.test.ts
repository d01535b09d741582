import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { users } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import { supportFeature } from './site-config.service.ts';

describe('GET /api/config with SUPPORT_EMAIL and SUPPORT_PHONE', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SUPPORT_EMAIL: 'help@roomstage.test', SUPPORT_PHONE: '+1 415 555 0100' });
  });
  afterAll(async () => t?.close());

  it('gives visitors the address and says phone support exists, without the number', async () => {
    const res = await api(t, 'GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({
      supportEmail: 'help@roomstage.test',
      phoneSupport: true,
      supportPhone: null,
      phonePlans: ['pro', 'premium'],
    });
  });

  it('gives the number to a Pro subscriber only', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    expect(
      ((await (await api(t, 'GET', '/api/config', { cookie })).json()) as { supportPhone: unknown })
        .supportPhone,
    ).toBeNull();
    await t.ctx.db.update(users).set({ subscriptionPlan: 'pro' }).where(eq(users.id, account.id));
    const pro = (await (await api(t, 'GET', '/api/config', { cookie })).json()) as { supportPhone: unknown };
    expect(pro.supportPhone).toBe('+1 415 555 0100');
  });

  it('keeps the plan feature lines about phone support', async () => {
    const plans = (await (await api(t, 'GET', '/api/subscription-plans')).json()) as {
      id: string;
      features: string[];
    }[];
    expect(plans.find((p) => p.id === 'pro')?.features).toContain('Phone and email support');
  });
});

describe('GET /api/config without SUPPORT_PHONE', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('offers no phone support and the plans promise priority e-mail instead', async () => {
    expect(await (await api(t, 'GET', '/api/config')).json()).toMatchObject({
      supportEmail: 'support@roomstage.app',
      phoneSupport: false,
      supportPhone: null,
      phonePlans: [],
    });
    const plans = (await (await api(t, 'GET', '/api/subscription-plans')).json()) as {
      id: string;
      features: string[];
    }[];
    expect(plans.find((p) => p.id === 'pro')?.features).toContain('Priority email support');
    expect(plans.find((p) => p.id === 'premium')?.features).toContain('Dedicated priority email support');
    expect(plans.flatMap((p) => p.features).some((f) => /phone/i.test(f))).toBe(false);
  });
});

describe('SUPPORT_PHONE validation and feature wording', () => {
  it('refuses a value that is not a phone number', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE/);
    expect(loadEnv({ NODE_ENV: 'test', SUPPORT_PHONE: ' +44 (20) 7946-0958 ' }).SUPPORT_PHONE).toBe(
      '+44 (20) 7946-0958',
    );
  });
  it('rewrites only the phone lines', () => {
    expect(supportFeature('Phone and email support', false)).toBe('Priority email support');
    expect(supportFeature('All 6 design styles', false)).toBe('All 6 design styles');
    expect(supportFeature('Dedicated phone and email support', true)).toBe(
      'Dedicated phone and email support',
    );
  });
});
