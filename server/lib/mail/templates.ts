// The account e-mails. Every link is built from APP_URL, never from the request's Host header, so a
// forged Host cannot point a reset link at someone else's site.

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const greeting = (firstName: string | null | undefined) => (firstName ? `Hi ${firstName},` : 'Hi,');

export function render(opts: {
  subject: string;
  firstName: string | null | undefined;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}): Rendered {
  const text = [
    greeting(opts.firstName),
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    opts.footer,
    '',
    '-- Roomstage',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = opts.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(opts.action.label)}</a></p>` +
      p(`If the button does not work, copy this address into your browser: ${opts.action.url}`)
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px">${p(
    greeting(opts.firstName),
  )}${opts.paragraphs.map(p).join('')}${button}${p(opts.footer)}<p style="color:#666">Roomstage</p></body></html>`;
  return { subject: opts.subject, text, html };
}

export const verifyEmailUrl = (appUrl: string, token: string) =>
  `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
export const resetPasswordUrl = (appUrl: string, token: string) =>
  `${appUrl}/reset-password/${encodeURIComponent(token)}`;

export const verificationEmail = (appUrl: string, firstName: string | null, token: string) =>
  render({
    subject: 'Verify your Roomstage email address',
    firstName,
    paragraphs: [
      'Thanks for signing up for Roomstage. Please confirm your email address to activate your account.',
    ],
    action: { label: 'Verify email address', url: verifyEmailUrl(appUrl, token) },
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });

export const passwordResetEmail = (appUrl: string, firstName: string | null, token: string) =>
  render({
    subject: 'Reset your Roomstage password',
    firstName,
    paragraphs: ['We received a request to reset the password of your Roomstage account.'],
    action: { label: 'Reset password', url: resetPasswordUrl(appUrl, token) },
    footer:
      'This link expires in 1 hour and can be used once. If you did not ask for it, you can ignore this email.',
  });

/** Sent instead of a verification mail when someone registers with an address that already has an account. */
export const existingAccountNotice = (appUrl: string, firstName: string | null) =>
  render({
    subject: 'Someone tried to register with your email address',
    firstName,
    paragraphs: [
      'Someone tried to create a new Roomstage account with this email address, which already has an account.',
      'If it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, no action is needed: your account has not changed.',
    ],
    action: { label: 'Reset password', url: `${appUrl}/forgot-password` },
    footer: `Sign in: ${appUrl}/login`,
  });

export const passwordChangedNotice = (appUrl: string, firstName: string | null) =>
  render({
    subject: 'Your Roomstage password was changed',
    firstName,
    paragraphs: [
      'The password of your Roomstage account was just reset, and every device was signed out.',
      'If you did not do this, reset your password now and contact support.',
    ],
    action: { label: 'Reset password', url: `${appUrl}/forgot-password` },
    footer: 'You are receiving this email for your security.',
  });

/** A contact-form submission, sent to the support mailbox. */
export const contactNotice = (c: { name: string; email: string; subject: string; message: string }) =>
  render({
    subject: `[Contact] ${c.subject}`,
    firstName: null,
    paragraphs: [`New message from ${c.name} <${c.email}> through the contact form:`, c.message],
    footer: `Reply to ${c.email} within one business day.`,
  });

/** The staging engine became unusable or usable again; sent to the admins once per change (decision 0153). */
export const engineHealthNotice = (n: {
  appUrl: string;
  engine: string;
  healthy: boolean;
  providerCode: string | null;
  detail: string | null;
}) =>
  render({
    subject: n.healthy
      ? `[Roomstage] Staging engine ${n.engine} is healthy again`
      : `[Roomstage] Staging engine ${n.engine} is unhealthy: staging is refused`,
    firstName: null,
    paragraphs: n.healthy
      ? [`The ${n.engine} engine answered correctly again; agents can stage photos.`]
      : [
          `The ${n.engine} engine cannot be used, so new stagings are refused before anything is charged.`,
          `Provider code: ${n.providerCode ?? 'none'}.`,
          `What to change: ${n.detail ?? 'see the server log'}.`,
        ],
    action: { label: 'Open the admin console', url: `${n.appUrl}/admin` },
    footer:
      'You receive this as an administrator of this Roomstage server (ADMIN_EMAILS, else SUPPORT_EMAIL).',
  });
