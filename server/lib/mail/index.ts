import path from 'node:path';
import type { Env } from '../../env.ts';
import type { Logger } from '../logger.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';
import type { Mailer } from './types.ts';

export * from './types.ts';
export { createOutboxMailer, createSmtpMailer };

export const outboxDir = (env: Env) => path.join(env.dataDir, 'outbox');

/** Real SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
  if (env.isProduction) logger.warn('SMTP_URL is not set: e-mail is written to DATA_DIR/outbox, not sent');
  return createOutboxMailer({
    dir: outboxDir(env),
    from: env.MAIL_FROM,
    logger,
  });
}
