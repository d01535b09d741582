import type { Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './types.ts';

// Some answers must not depend on whether a mail went out: "if an account exists, a link has been sent"
// is only private if an existing account answers as fast as a missing one. Those mails are handed off
// here and sent after the response; a failure is logged (the answer could not change anyway).

const pending = new Map<Mailer, Set<Promise<void>>>();

export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  const set = pending.get(mailer) ?? new Set<Promise<void>>();
  pending.set(mailer, set);
  // Started on the next turn of the event loop, after the response is written: rendering and handing the
  // message to the transport is CPU work on this thread that only a known address would pay for.
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => mailer.send(message))
    .catch((err: unknown) => logger.error({ err, subject: message.subject }, 'sending mail failed'))
    .finally(() => {
      set.delete(p);
      if (set.size === 0) pending.delete(mailer);
    });
  set.add(p);
}

/** Resolves once every mail handed to `mailer` so far has been sent or has failed (shutdown, tests). */
export async function mailSettled(mailer: Mailer): Promise<void> {
  while (pending.get(mailer)?.size) await Promise.all([...(pending.get(mailer) ?? [])]);
}
