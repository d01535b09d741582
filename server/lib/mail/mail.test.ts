import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, login, STRONG_PASSWORD, tokenFromLink } from '#tests/helpers/auth.ts';
import { parseMail, type ParsedMail } from '#tests/helpers/mail.ts';
import { createSmtpMailer } from './index.ts';

// The real SMTP adapter against a real SMTP server speaking the wire protocol.

const received: ParsedMail[] = [];
let server: SMTPServer;
let t: TestContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const env = { APP_URL: 'https://stage.example.org', MAIL_FROM: 'Roomstage <hello@stage.example.org>' };
  t = await createTestContext(env, {
    mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: env.MAIL_FROM }),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const lastTo = (email: string) => received.filter((m) => m.to.includes(email)).at(-1);

describe('mail over SMTP', () => {
  it('delivers the verification mail (text and HTML) and its link verifies the account', async () => {
    const email = 'smtp.user@example.com';
    await api(t, 'POST', '/api/register', {
      body: { firstName: 'Sam', lastName: 'Tp', email, password: STRONG_PASSWORD },
    });
    const mail = lastTo(email);
    expect(mail).toMatchObject({
      from: 'Roomstage <hello@stage.example.org>',
      subject: 'Verify your Roomstage email address',
    });
    expect(mail!.text).toContain('Hi Sam,');
    expect(mail!.text).toContain('This link expires in 24 hours');
    const link = mail!.links[0]!;
    expect(link).toMatch(/^https:\/\/stage\.example\.org\/verify-email\?token=[\w-]{43}$/);
    expect(mail!.html).toContain(`href="${link}"`);

    expect((await login(t, email, STRONG_PASSWORD)).res.status).toBe(403);
    const res = await api(t, 'GET', `/api/verify-email?token=${tokenFromLink(link)}`);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Email verified successfully! You can now sign in.',
    });
    expect((await login(t, email, STRONG_PASSWORD)).res.status).toBe(200);
  });

  it('delivers the reset mail and its link resets the password', async () => {
    const email = 'smtp.user@example.com';
    await api(t, 'POST', '/api/forgot-password', { body: { email } });
    const mail = lastTo(email);
    expect(mail!.subject).toBe('Reset your Roomstage password');
    const link = mail!.links[0]!;
    expect(link).toMatch(/^https:\/\/stage\.example\.org\/reset-password\/[\w-]{43}$/);
    const res = await api(t, 'POST', '/api/reset-password', {
      body: { token: tokenFromLink(link), password: 'Via-Smtp-Reset9' },
    });
    expect(res.status).toBe(200);
    expect((await login(t, email, 'Via-Smtp-Reset9')).res.status).toBe(200);
    expect(lastTo(email)!.subject).toBe('Your Roomstage password was changed');
  });

  it('escapes names in the HTML body', async () => {
    const email = 'xss@example.com';
    await api(t, 'POST', '/api/register', {
      body: { firstName: '<b>Eve</b>', lastName: 'X', email, password: STRONG_PASSWORD },
    });
    const mail = lastTo(email)!;
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('rejects when the server is unreachable; the API still answers the same', async () => {
    const dead = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'x@example.com' });
    await expect(
      dead.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
    const mailer = t.ctx.mailer;
    t.ctx.mailer = dead;
    try {
      const email = 'unreachable@example.com';
      const reg = await api(t, 'POST', '/api/register', {
        body: { firstName: 'A', lastName: 'B', email, password: STRONG_PASSWORD },
      });
      expect(reg.status).toBe(201);
      const res = await api(t, 'POST', '/api/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        success: true,
        message: 'If an account exists for that email, a password reset link has been sent.',
      });
    } finally {
      t.ctx.mailer = mailer;
    }
  });
});
