import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './types.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form). */
  url: string;
  from: string;
}

export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: opts.from, ...message });
    },
  };
}
