// Retention that does not break a published link (issue 32 item 4, decision 0188): images shown by a
// live public page are kept while it is live, and the owner is e-mailed LINK_NOTICE_DAYS before the page's
// keep date, when the images would go. After that date, unless extended, the page says withdrawn and
// the images are deleted by the ordinary retention run.
import { LINK_KEEP_DAYS, LINK_NOTICE_DAYS } from '#shared/constants/disclosure.ts';
import type { AppContext } from '../../context.ts';
import { render } from '../../lib/mail/templates.ts';
import { mailContactsOf } from '../auth/index.ts';
import { claimNotice, dueNotices, releaseNotice } from './public-links.repo.ts';

const DAY_MS = 86_400_000;

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
  const due = await dueNotices(ctx.db, now, new Date(now.getTime() + LINK_NOTICE_DAYS * DAY_MS));
  const owners = await mailContactsOf(
    ctx.db,
    due.map((l) => l.userId),
  );
  let sent = 0;
  for (const link of due) {
    // An owner whose account was purged has nobody to tell.
    const owner = owners.get(link.userId);
    if (!owner || !(await claimNotice(ctx.db, link.id, now))) continue;
    const pageUrl = `${ctx.env.APP_URL.replace(/\/+$/, '')}/p/${link.token}`;
    try {
      await ctx.mailer.send({
        to: owner.email,
        ...linkExpiryNotice(ctx.env.APP_URL, owner.firstName, pageUrl, link.keepUntil),
      });
      sent++;
    } catch (err) {
      ctx.logger.warn({ err, linkId: link.id }, 'retention: link notice not sent; retrying next run');
      await releaseNotice(ctx.db, link.id);
    }
  }
  return sent;
}
