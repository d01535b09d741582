import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { loggableLink, type Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './types.ts';

export interface OutboxMailerOptions {
  /** Folder for the .eml files, created on first use. */
  dir: string;
  from: string;
  logger: Logger;
}

/**
 * Writes each message as a complete RFC 5322 .eml file (the same bytes SMTP would carry), so any mail
 * client can open it. Used when SMTP_URL is unset.
 */
export function createOutboxMailer(opts: OutboxMailerOptions): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = (await builder.sendMail({ from: opts.from, ...message })) as { message: Buffer };
      await fs.mkdir(opts.dir, { recursive: true });
      // Sortable by time, unique across copies writing to the same folder.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message);
      const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map(loggableLink);
      opts.logger.info({ file, subject: message.subject, links }, 'mail written to outbox');
    },
  };
}
