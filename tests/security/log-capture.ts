import pino from 'pino';
import type { TestContext } from '#tests/helpers/context.ts';
import { createOutboxMailer } from '#server/lib/mail/index.ts';

/** Swaps the context's logger (and the outbox mailer's) for one that keeps every line, parsed. */
export function captureLogs(t: TestContext): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
  );
  t.ctx.logger = logger;
  t.ctx.mailer = createOutboxMailer({ dir: t.outboxDir, from: t.ctx.env.MAIL_FROM, logger });
  return lines;
}
