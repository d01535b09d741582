// Retention that does not break a published link (issue 32 item 4, decision 0188): images shown by a
// live public page are kept while it is live, and the owner is e-mailed LINK_NOTICE_DAYS before the page's
// keep date, when the images would go. After that date, unless extended, the page says withdrawn and
// the images are deleted by the ordinary retention run.
import { and, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LINK_KEEP_DAYS, LINK_NOTICE_DAYS } from '#shared/constants/disclosure.ts';
import type { AppContext } from '../../context.ts';
import { publicLinks, transformations, users } from '../../db/schema/index.ts';
import { render } from '../../lib/mail/templates.ts';

const DAY_MS = 86_400_000;

/** SQL: the transformation row has a live public page (its own or its listing's) at `now`. */
export const shownByLiveLink = (now: Date): SQL =>
  sql`exists (select 1 from ${publicLinks} where ${publicLinks.revokedAt} is null and ${publicLinks.keepUntil} > ${now.toISOString()}::timestamptz and (${publicLinks.transformationId} = ${transformations.id} or ${publicLinks.batchId} = ${transformations.batchId}))`;

const dateText = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function linkExpiryNotice(appUrl: string, firstName: string | null, pageUrl: string, keepUntil: Date) {
  return render({
    subject: `Your public photo page will be withdrawn on ${dateText(keepUntil)}`,
    firstName,
    paragraphs: [
      `Your public original page ${pageUrl} is live, so we have kept its original and staged photos.`,
      `On ${dateText(keepUntil)} the page will be withdrawn and its photos deleted. If the link is still printed on a flyer or in a listing, keep it for another ${LINK_KEEP_DAYS} days from your dashboard (Keep longer).`,
      'If you no longer need it, do nothing: the page closes on that date.',
    ],
    action: { label: 'Open your dashboard', url: `${appUrl}/dashboard` },
    footer: 'You receive this because you turned on a public original page in Roomstage.',
  });
}

/**
 * E-mails the owner of every live link whose keep date is LINK_NOTICE_DAYS away or closer: on that date the
 * page closes, and its photos, past IMAGE_RETENTION_DAYS by then (the keep date is never earlier), are
 * deleted. Claimed with a guarded update first, so two copies send one mail; a mail that fails is tried
 * again on the next run.
 */
export async function sendLinkNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.db
    .select({
      id: publicLinks.id,
      token: publicLinks.token,
      keepUntil: publicLinks.keepUntil,
      transformationId: publicLinks.transformationId,
      batchId: publicLinks.batchId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(publicLinks)
    .innerJoin(users, eq(users.id, publicLinks.userId))
    .where(
      and(
        isNull(publicLinks.revokedAt),
        isNull(publicLinks.noticeSentAt),
        // A link whose photo or batch was deleted keeps nothing.
        or(isNotNull(publicLinks.transformationId), isNotNull(publicLinks.batchId)),
        gt(publicLinks.keepUntil, now),
        lte(publicLinks.keepUntil, new Date(now.getTime() + LINK_NOTICE_DAYS * DAY_MS)),
      ),
    );
  let sent = 0;
  for (const link of due) {
    const claimed = await ctx.db
      .update(publicLinks)
      .set({ noticeSentAt: now })
      .where(and(eq(publicLinks.id, link.id), isNull(publicLinks.noticeSentAt)))
      .returning({ id: publicLinks.id });
    if (claimed.length === 0) continue;
    const pageUrl = `${ctx.env.APP_URL.replace(/\/+$/, '')}/p/${link.token}`;
    try {
      await ctx.mailer.send({
        to: link.email,
        ...linkExpiryNotice(ctx.env.APP_URL, link.firstName, pageUrl, link.keepUntil),
      });
      sent++;
    } catch (err) {
      ctx.logger.warn({ err, linkId: link.id }, 'retention: link notice not sent; retrying next run');
      await ctx.db.update(publicLinks).set({ noticeSentAt: null }).where(eq(publicLinks.id, link.id));
    }
  }
  return sent;
}
