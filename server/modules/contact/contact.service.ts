import type { ContactInput } from '#shared/schemas/contact.ts';
import type { AppContext } from '../../context.ts';
import { contactNotice } from '../../lib/mail/templates.ts';
import { rateKey } from '../../lib/rate-key.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { insertSubmission } from './contact.repo.ts';

export const CONTACT_RULE = { limit: 5, windowMs: 60 * 60 * 1000 };
const tooManyMessages = (minutes: number) =>
  `Too many messages sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const CONTACT_SENT = "Thanks for reaching out! We'll get back to you within 24 hours.";

/** Stores the message (so nothing is lost if mail is down), then mails it to the support address. */
export async function submitContact(
  ctx: AppContext,
  ip: string,
  input: ContactInput,
): Promise<{ success: true; message: string }> {
  const key = rateKey(ctx.env.sessionSecret, 'contact:ip', ip.slice(0, 100));
  await enforce(ctx.db, key, CONTACT_RULE, ctx.clock(), tooManyMessages);
  const row = await insertSubmission(ctx.db, input);
  try {
    await ctx.mailer.send({ to: ctx.env.SUPPORT_EMAIL, ...contactNotice(input) });
  } catch (err) {
    ctx.logger.error({ err, submissionId: row?.id }, 'contact message stored but not mailed');
  }
  return { success: true, message: CONTACT_SENT };
}
