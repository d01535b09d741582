import type { PlanId } from '#shared/constants/plans.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { insertAudit } from '../admin/index.ts';
import { planOf } from '../auth/index.ts';
import { failAndRefund } from './charge.ts';
import { findById, lockById, removeImages, resetRun } from '../transformations/index.ts';
import { notifySettled } from './outcomes.ts';
import { jobPriority } from './priority.ts';
import { DEADLINE_GRACE_MS } from './staging-run.ts';

export const JOB_ADMIN_MESSAGES = {
  notFound: 'Transformation not found',
  notProcessing: 'Only a transformation that is still processing can be retried or refunded.',
  noUpload:
    'The uploaded photo of this transformation is gone, so it cannot run again. Fail and refund it instead.',
  stoppedByAdmin: 'Staging was stopped by our team. You have not been charged. Please try again.',
};

interface Admin {
  id: string;
}

/**
 * Runs a processing (typically stuck) job again now: a fresh deadline and attempt count, any current
 * run fenced out and its files removed, and a new job at the owner's plan priority. Audited.
 */
export async function retryJob(ctx: AppContext, admin: Admin, id: string) {
  const now = ctx.clock();
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockById(tx, id);
    if (!row) throw notFound(JOB_ADMIN_MESSAGES.notFound);
    if (row.status !== 'processing') throw conflict(JOB_ADMIN_MESSAGES.notProcessing);
    if (!row.originalImageUrl) throw conflict(JOB_ADMIN_MESSAGES.noUpload);
    const deadlineAt = new Date(now.getTime() + ctx.env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS);
    await resetRun(tx, id, deadlineAt);
    const plan = await planOf(tx, row.userId);
    await insertAudit(tx, {
      adminUserId: admin.id,
      action: 'transformation.job_retried',
      targetUserId: row.userId,
      targetResourceId: id,
      details: {
        before: { attempts: row.attempts, deadlineAt: row.deadlineAt },
        after: { attempts: 0, deadlineAt },
      },
    });
    return { row, plan: (plan ?? 'free') as PlanId };
  });
  if (result.row.attemptId)
    await removeImages(ctx, {
      originalImageUrl: null,
      attemptId: result.row.attemptId,
      createdAt: result.row.createdAt,
    });
  await ctx.jobs.resend(id, jobPriority(result.plan, now));
  ctx.logger.info({ adminId: admin.id, transformationId: id }, 'admin: staging job retried');
  return { id, status: 'processing' as const };
}

/** Fails a processing job and gives back what it took, images removed; the user sees why. Audited. */
export async function failAndRefundJob(ctx: AppContext, admin: Admin, id: string) {
  const before = await findById(ctx.db, id);
  if (!before) throw notFound(JOB_ADMIN_MESSAGES.notFound);
  const settled = await failAndRefund(ctx, id, {
    code: 'internal',
    message: JOB_ADMIN_MESSAGES.stoppedByAdmin,
  });
  if (!settled) throw conflict(JOB_ADMIN_MESSAGES.notProcessing);
  await ctx.jobs.cancel(id).catch(() => undefined);
  notifySettled(id);
  await insertAudit(ctx.db, {
    adminUserId: admin.id,
    action: 'transformation.job_refunded',
    targetUserId: settled.userId,
    targetResourceId: id,
    details: {
      before: { status: 'processing', chargedFrom: settled.chargedFrom },
      after: { status: 'failed', refunded: settled.chargedFrom },
    },
  });
  ctx.logger.info({ adminId: admin.id, transformationId: id }, 'admin: staging job failed and refunded');
  return { id, status: 'failed' as const };
}
