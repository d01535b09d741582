import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api } from '#tests/helpers/auth.ts';
import { readOutbox } from '#tests/helpers/mail.ts';
import { contactSubmissions } from '#server/db/schema/index.ts';
import { CONTACT_SENT } from './contact.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SUPPORT_EMAIL: 'help@roomstage.test', TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => t?.close());

const valid = {
  name: '  Dana Agent ',
  email: ' Dana@Agency.test ',
  subject: 'Bulk pricing',
  message: 'Do you offer team plans for 20 agents?',
};

describe('POST /api/contact', () => {
  it('validates with the form messages and stores nothing on bad input', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, name: 'D' }, 'Name must be at least 2 characters'],
      [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
      [{ ...valid, subject: 'Hi' }, 'Subject must be at least 5 characters'],
      [{ ...valid, message: 'Too short' }, 'Message must be at least 10 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, 'POST', '/api/contact', { body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect(await t.ctx.db.select().from(contactSubmissions)).toEqual([]);
  });

  it('stores the message as new, trimmed, and mails it to the support address', async () => {
    const res = await api(t, 'POST', '/api/contact', { body: valid });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: CONTACT_SENT });
    const rows = await t.ctx.db.select().from(contactSubmissions);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Dana Agent',
        email: 'Dana@Agency.test',
        subject: 'Bulk pricing',
        status: 'new',
      }),
    ]);
    const mail = readOutbox(t.outboxDir).find((m) => m.to === 'help@roomstage.test');
    expect(mail?.subject).toBe('[Contact] Bulk pricing');
    expect(mail?.text).toContain('Do you offer team plans for 20 agents?');
  });

  it('allows 5 messages an hour per IP, then 429 with Retry-After', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api(t, 'POST', '/api/contact', { body: valid, headers })).status);
    const last = await api(t, 'POST', '/api/contact', { body: valid, headers });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last.json()) as { message: string }).message).toContain('Too many');
  });
});
