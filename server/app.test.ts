import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '#shared/constants/availability.ts';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('app', () => {
  it('reports health after a real query', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 503 when the database is unreachable', async () => {
    // A PostgreSQL URL where nothing listens, and a closed PGlite: both must give 503, not hang or 500.
    const down = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 500 });
    const app = createApp({ ...t.ctx, database: down, db: down.db });
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', db: 'error' });
    await down.close();

    const closed = await openDatabase({});
    await closed.close();
    const res2 = await createApp({ ...t.ctx, database: closed, db: closed.db }).request('/api/health');
    expect(res2.status).toBe(503);
  });

  it('answers an API request whose database connection fails with 503, Retry-After and plain words', async () => {
    const down = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 500 });
    const res = await createApp({ ...t.ctx, database: down, db: down.db }).request('/api/subscription-plans');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await res.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
    await down.close();
  });

  it('serves the plans sorted free, pro, premium with prices as numbers', async () => {
    const res = await t.app.request('/api/subscription-plans');
    expect(res.status).toBe(200);
    const plans = (await res.json()) as { id: string; features: unknown }[];
    expect(plans.map((p) => p.id)).toEqual(['free', 'pro', 'premium']);
    expect(plans[1]).toMatchObject({
      id: 'pro',
      name: 'Pro',
      monthlyPrice: 29,
      yearlyPrice: 290,
      monthlyTransformations: 50,
      isActive: true,
    });
    expect(plans[2]).toMatchObject({ monthlyPrice: 79, yearlyPrice: 790, monthlyTransformations: -1 });
    expect(plans[0]).toMatchObject({ monthlyPrice: 0, monthlyTransformations: 3 });
    for (const p of plans) expect(p.features).toEqual(expect.any(Array));
  });

  it('serves the credit packages with the price per credit', async () => {
    const res = await t.app.request('/api/credit-packages');
    const packages: unknown = await res.json();
    expect(packages).toEqual([
      expect.objectContaining({ id: 'starter', credits: 10, price: 15, pricePerCredit: 1.5 }),
      expect.objectContaining({ id: 'popular', credits: 50, price: 59, pricePerCredit: 1.18 }),
      expect.objectContaining({ id: 'premium', credits: 150, price: 149, pricePerCredit: 0.99 }),
    ]);
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await t.app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Not found' });
  });

  it('refuses uploads over 12 MB and JSON over 64 KB with 413 from the declared length, before reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 20) controller.close();
      },
    });
    const res = await t.app.request('/api/transform-room', {
      method: 'POST',
      body,
      headers: {
        'content-length': String(13 * 1024 * 1024),
        'content-type': 'multipart/form-data; boundary=x',
      },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'File size must be less than 10MB.' });
    expect(pulled).toBeLessThanOrEqual(2);
    const json = await t.app.request('/api/login', {
      method: 'POST',
      body: 'x'.repeat(64 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(413);
    expect(await json.json()).toMatchObject({ message: 'Request body is too large.' });
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
