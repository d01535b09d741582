import type { AppContext } from './context.ts';
import { startAccountPurgeJob } from './modules/auth/index.ts';
import { startTestSubscriptionJob } from './modules/billing/index.ts';
import { startEngineHealthJobs } from './modules/engine-health/index.ts';
import { startRecoveryJob } from './modules/jobs/index.ts';
import { imageKeysOfUser, startRetentionJob } from './modules/transformations/index.ts';
import { startUsageResetJob } from './modules/credits/index.ts';

/**
 * Everything a process of either role starts besides HTTP: the job queue (and its workers when the
 * process has any), staging recovery, and the periodic jobs. Each periodic step is safe to run in many
 * copies at once. Returns a stop function that lets in-flight staging jobs finish first.
 */
export async function startBackground(ctx: AppContext, bootedAt: Date): Promise<() => Promise<void>> {
  await ctx.jobs.start();
  // The embedded database belongs to this one process: every run begun before this boot is dead.
  const stopRecovery = startRecoveryJob(
    ctx,
    ctx.jobs,
    ctx.database.kind === 'pglite' ? { deadBefore: bootedAt } : {},
  );
  const stops = [
    stopRecovery,
    startAccountPurgeJob(ctx, imageKeysOfUser),
    startUsageResetJob(ctx),
    startTestSubscriptionJob(ctx),
    startRetentionJob(ctx),
    // The daily model check (ENGINE_MODEL_CHECK_INTERVAL_MS) and pruning of run outcomes (decision 0153).
    startEngineHealthJobs(ctx),
  ];
  return async () => {
    for (const stop of stops) stop();
    await ctx.jobs.stop();
  };
}
