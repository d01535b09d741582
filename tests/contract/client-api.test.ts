// The client's API layer against the real server: every JSON answer a screen reads goes through the
// same shared schema the client parses it with, so a field the server renames or drops fails here, not in
// a browser. `fetch` is the in-process app with a cookie jar, as a browser would send it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  adminStatsSchema,
  adminTransformationSchema,
  adminUserSchema,
  auditLogSchema,
} from '#shared/schemas/admin.ts';
import { messageResponseSchema, updateProfileResponseSchema } from '#shared/schemas/auth.ts';
import {
  cancelSubscriptionResponseSchema,
  checkoutResponseSchema,
  checkoutResultSchema,
  createSubscriptionResponseSchema,
  creditPurchaseSchema,
  paymentSchema,
  planChangePreviewSchema,
  receiptSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
} from '#shared/schemas/billing.ts';
import { creditPackageListSchema, subscriptionPlanListSchema } from '#shared/schemas/catalog.ts';
import { siteConfigSchema } from '#shared/schemas/site-config.ts';
import { engineInfoSchema, transformationSchema, usageSchema } from '#shared/schemas/staging.ts';
import { currentUserSchema } from '#shared/schemas/user.ts';
import { mailSettled } from '#server/lib/mail/background.ts';
import * as auth from '#client/features/auth/api.ts';
import { sendContactMessage } from '#client/features/contact/api.ts';
import { fetchHistoryPage } from '#client/features/dashboard/api.ts';
import * as staging from '#client/features/staging/api.ts';
import { apiParsed, getParsed } from '#client/lib/api.ts';
import { sessionCookieFrom, STRONG_PASSWORD, tokenFromLink } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import { smallFixture } from '#tests/helpers/staging.ts';

const ADMIN_EMAIL = 'contract-admin@example.com';
let t: TestContext;

/** Points the client's fetch at the app, carrying one browser's session cookie. */
function browser() {
  let cookie = '';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    const res = await t.app.request(url, { ...init, headers });
    cookie = sessionCookieFrom(res) ?? cookie;
    await mailSettled(t.ctx.mailer);
    return res;
  });
}

const lastLink = (email: string) => mailTo(t.outboxDir, email).at(-1)?.links[0] ?? '';

async function registerAndSignIn(email: string) {
  await auth.register({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
  });
  expect((await auth.verifyEmail(tokenFromLink(lastLink(email)))).success).toBe(true);
  return auth.login({ email, password: STRONG_PASSWORD });
}

beforeAll(async () => {
  t = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
});

describe("the client's API layer against the server", () => {
  let transformationId = '';

  it('public pages: session check, site config, catalog, engine, contact', async () => {
    browser();
    expect(await apiParsed(currentUserSchema.nullable(), 'GET', '/api/auth/user?optional=1')).toBeNull();
    await getParsed(siteConfigSchema, '/api/config')();
    expect((await getParsed(subscriptionPlanListSchema, '/api/subscription-plans')()).length).toBeGreaterThan(
      0,
    );
    expect((await getParsed(creditPackageListSchema, '/api/credit-packages')()).length).toBeGreaterThan(0);
    await getParsed(engineInfoSchema, '/api/engine')();
    const sent = await sendContactMessage({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'How do credits work?',
    });
    expect(sent.success).toBe(true);
  });

  it('sign-up, e-mail verification (twice), password reset and sign-in', async () => {
    browser();
    const email = 'contract-user@example.com';
    const created = await auth.register({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(created.success).toBe(true);
    const token = tokenFromLink(lastLink(email));
    expect((await auth.verifyEmail(token)).success).toBe(true);
    // The link opened again says the address is already verified (an answer the page shows, not an error).
    expect(await auth.verifyEmail(token)).toMatchObject({ success: true, alreadyVerified: true });
    await auth.resendVerification(email);
    await auth.forgotPassword({ email });
    const resetToken = tokenFromLink(lastLink(email));
    expect(await auth.verifyResetToken(resetToken)).toEqual({ valid: true });
    const newPassword = `${STRONG_PASSWORD}x`;
    expect((await auth.resetPassword(resetToken, newPassword)).success).toBe(true);
    const signedIn = await auth.login({ email, password: newPassword });
    expect(signedIn.user.email).toBe(email);
    expect((await apiParsed(currentUserSchema.nullable(), 'GET', '/api/auth/user?optional=1'))?.email).toBe(
      email,
    );
  });

  it('staging and the dashboard lists', async () => {
    browser();
    await registerAndSignIn('contract-stager@example.com');
    const image = new File([new Uint8Array(await smallFixture('empty-dining-02.jpg'))], 'room.jpg', {
      type: 'image/jpeg',
    });
    // A small test photo may be judged too small; what matters here is that the answer parses.
    expect(await staging.identifyRoom(image)).toHaveProperty('confidence');
    expect((await staging.checkExistingTransformations(image)).existingTransformations).toEqual([]);
    const result = await staging.transformRoom({ image, style: 'modern', roomType: 'dining-room' });
    transformationId = result.id;
    expect((await staging.checkExistingTransformations(image)).existingTransformations).toHaveLength(1);

    expect((await getParsed(usageSchema, '/api/usage')()).usage).toBe(1);
    const list = await getParsed(z.array(transformationSchema), '/api/transformations')();
    expect(list.map((x) => x.id)).toEqual([result.id]);
    expect((await fetchHistoryPage('q=&page=1&pageSize=24')).total).toBe(1);
    const id = result.id;
    expect(
      (
        await apiParsed(transformationSchema, 'POST', `/api/transformations/${id}/favorite`, {
          isFavorite: true,
        })
      ).isFavorite,
    ).toBe(true);
    expect(await getParsed(z.array(transformationSchema), '/api/transformations/favorites')()).toHaveLength(
      1,
    );
    const edited = await apiParsed(transformationSchema, 'PATCH', `/api/transformations/${id}`, {
      userTitle: 'Sunny',
      userNotes: null,
    });
    expect(edited.userTitle).toBe('Sunny');
    const profile = await apiParsed(updateProfileResponseSchema, 'PATCH', '/api/auth/user', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(profile.user.firstName).toBe('Grace');
  });

  it('billing: a credit pack, a subscription, a plan-change preview, a cancellation', async () => {
    browser();
    await registerAndSignIn('contract-payer@example.com');
    /** Opens the built-in test checkout the answer points at and pays it; the session id. */
    const checkout = async (answer: Promise<{ url: string } | { message: string }>) => {
      const r = await answer;
      const id = ('url' in r ? r.url : '').split('/').pop()!;
      await getParsed(testCheckoutSessionSchema, `/api/checkout/test/${id}`)();
      expect((await apiParsed(testCheckoutResultSchema, 'POST', `/api/checkout/test/${id}/pay`)).status).toBe(
        'paid',
      );
      return id;
    };
    const packId = await checkout(
      apiParsed(checkoutResponseSchema, 'POST', '/api/purchase-credits', { packageId: 'starter' }),
    );
    expect((await getParsed(checkoutResultSchema, `/api/checkout-result/${packId}`)()).status).toBe(
      'completed',
    );
    await checkout(
      apiParsed(createSubscriptionResponseSchema, 'POST', '/api/create-subscription', {
        planId: 'pro',
        billingCycle: 'monthly',
      }),
    );

    const payments = await getParsed(z.array(paymentSchema), '/api/payments')();
    expect(payments).toHaveLength(2);
    expect(await getParsed(z.array(creditPurchaseSchema), '/api/credit-purchases')()).toHaveLength(1);
    for (const p of payments) await getParsed(receiptSchema, `/api/payments/${p.id}/receipt`)();
    expect((await getParsed(planChangePreviewSchema, '/api/plan-change?planId=premium')()).kind).toBe(
      'upgrade',
    );
    await apiParsed(cancelSubscriptionResponseSchema, 'POST', '/api/cancel-subscription');
    expect((await getParsed(usageSchema, '/api/usage')()).subscriptionPlan).toBe('pro');
  });

  it('admin lists and changes', async () => {
    browser();
    const { user } = await registerAndSignIn(ADMIN_EMAIL);
    await getParsed(adminStatsSchema, '/api/admin/stats')();
    const users = await getParsed(z.array(adminUserSchema), '/api/admin/users')();
    expect(users.length).toBeGreaterThan(3);
    const changed = await getParsed(z.array(adminTransformationSchema), '/api/admin/transformations')();
    expect(changed.map((x) => x.id)).toContain(transformationId);
    const other = users.find((u) => u.id !== user.id)!;
    await apiParsed(adminUserSchema, 'POST', `/api/admin/users/${other.id}/credits`, { credits: 5 });
    await apiParsed(adminUserSchema, 'POST', `/api/admin/users/${other.id}/role`, { role: 'user' });
    await apiParsed(
      adminTransformationSchema,
      'POST',
      `/api/admin/transformations/${transformationId}/status`,
      { status: 'completed' },
    );
    expect((await getParsed(z.array(auditLogSchema), '/api/admin/audit-logs')()).length).toBeGreaterThan(0);
  });

  it('deleting, deactivating and signing out', async () => {
    browser();
    await auth.login({ email: 'contract-stager@example.com', password: STRONG_PASSWORD });
    await apiParsed(messageResponseSchema, 'DELETE', `/api/transformations/${transformationId}`);
    expect(
      (await apiParsed(messageResponseSchema, 'POST', '/api/auth/deactivate', { password: STRONG_PASSWORD }))
        .success,
    ).toBe(true);
    browser();
    await registerAndSignIn('contract-leaver@example.com');
    expect((await auth.logout()).success).toBe(true);
  });
});
