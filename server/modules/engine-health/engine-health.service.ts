// Whether the configured staging engine can be used (decision 0153). A configuration refusal from a
// real run, or the periodic model check finding the model gone, marks it unhealthy; while it is, new
// stagings are refused before anything is charged. A later good check or good run marks it healthy.
import {
  ENGINE_HEALTH_WINDOW_MS,
  ENGINE_RUN_RETENTION_MS,
  type EngineHealth,
} from '#shared/schemas/admin.ts';
import { STAGING_UNAVAILABLE_MESSAGE, STAGING_UNAVAILABLE_RETRY_AFTER_S } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import { checkModel, refusedLine, type ModelCheck } from '../../engines/model-check.ts';
import type { EngineConfig } from '../../engines/registry.ts';
import { EngineConfigError } from '../../engines/remote/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { sendInBackground } from '../../lib/mail/background.ts';
import { engineHealthNotice } from '../../lib/mail/templates.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { insertAudit } from '../admin/index.ts';
import * as repo from './engine-health.repo.ts';

/** The configured model(s) as the console shows them; null for engines without a provider model. */
export function engineModel(config: EngineConfig): string | null {
  switch (config.id) {
    case 'gemini':
      return `${config.imageModel} + ${config.textModel}`;
    case 'openai':
    case 'replicate':
      return config.model;
    default:
      return null;
  }
}

const modelOf = (ctx: AppContext) => engineModel(ctx.engine) ?? ctx.engine.id;

/** 503 with the plain sentence: nothing was charged, an operator has to act. */
export const stagingUnavailable = () =>
  new AppError('staging_unavailable', STAGING_UNAVAILABLE_MESSAGE, {
    'Retry-After': String(STAGING_UNAVAILABLE_RETRY_AFTER_S),
  });

/** Called before a transform, regeneration or batch charges anything. */
export async function assertEngineHealthy(ctx: AppContext): Promise<void> {
  const row = await repo.readRow(ctx.db, ctx.engine.id);
  if (row && !row.healthy) throw stagingUnavailable();
}

/** The state changed: one audit row (in the change's transaction) and one mail to the admins. */
async function changeState(
  ctx: AppContext,
  healthy: boolean,
  error: repo.EngineError | null,
  now: Date,
): Promise<void> {
  const engine = ctx.engine.id;
  const changed = await ctx.db.transaction(async (tx) => {
    const won = healthy
      ? await repo.markHealthy(tx, engine, now)
      : await repo.markUnhealthy(tx, engine, error!);
    if (!won) return false;
    await insertAudit(tx, {
      adminUserId: null,
      action: healthy ? 'engine.healthy' : 'engine.unhealthy',
      targetResourceId: engine,
      details: {
        before: { state: healthy ? 'unhealthy' : 'healthy' },
        after: { state: healthy ? 'healthy' : 'unhealthy' },
        model: modelOf(ctx),
        ...(error ? { providerCode: error.code, message: error.message } : {}),
      },
    });
    return true;
  });
  if (!changed) return;
  const log = { engine, model: modelOf(ctx), providerCode: error?.code };
  if (healthy) ctx.logger.info(log, 'staging engine healthy again');
  else ctx.logger.error({ ...log, detail: error?.message }, 'staging engine unhealthy: staging refused');
  const recipients = ctx.env.ADMIN_EMAILS.length > 0 ? ctx.env.ADMIN_EMAILS : [ctx.env.SUPPORT_EMAIL];
  const mail = engineHealthNotice({
    appUrl: ctx.env.APP_URL,
    engine,
    healthy,
    providerCode: error?.code ?? null,
    detail: error?.message ?? null,
  });
  for (const to of recipients) sendInBackground(ctx.mailer, ctx.logger, { to, ...mail });
}

/** What a failed run tells the console: the log-safe provider code and what the agent was told. */
function describe(err: unknown, at: Date): repo.EngineError {
  if (err instanceof EngineConfigError) return { at, code: err.providerCode, message: err.operatorMessage };
  if (err instanceof AppError) {
    const cause = err.cause instanceof Error ? err.cause.message : err.code;
    return { at, code: cause.slice(0, 255), message: err.message };
  }
  return { at, code: 'internal', message: 'the engine failed unexpectedly (see the server log)' };
}

export interface RunOutcome {
  ok: boolean;
  latencyMs: number;
  /** The failure, when `ok` is false. */
  error?: unknown;
}

/** One staging run's outcome: kept for the last-hour figures, and it may change the state. */
export async function recordRun(ctx: AppContext, run: RunOutcome): Promise<void> {
  const now = ctx.clock();
  const engine = ctx.engine.id;
  await repo.ensureRow(ctx.db, engine, modelOf(ctx), now);
  const error = run.ok ? null : describe(run.error, now);
  await repo.insertRun(ctx.db, {
    engine,
    ok: run.ok,
    latencyMs: Math.max(0, Math.round(run.latencyMs)),
    providerCode: error?.code ?? null,
    at: now,
  });
  if (run.ok) {
    await repo.noteSuccess(ctx.db, engine, now);
    await changeState(ctx, true, null, now);
    return;
  }
  // Only a refusal of our configuration makes the engine unusable; busy or slow providers do not.
  if (run.error instanceof EngineConfigError) await changeState(ctx, false, error, now);
  await repo.noteError(ctx.db, engine, error!);
}

/** Asks the provider (the start-up check's code) whether the model is still there. */
export async function runModelCheck(
  ctx: AppContext,
  check: (config: EngineConfig, now: Date) => Promise<ModelCheck> = checkModel,
): Promise<ModelCheck> {
  const engine = ctx.engine.id;
  const result = await check(ctx.engine, ctx.clock());
  const now = ctx.clock();
  await repo.ensureRow(ctx.db, engine, modelOf(ctx), now);
  await repo.noteChecked(ctx.db, engine, now);
  if (result.status === 'ok') await changeState(ctx, true, null, now);
  else if (result.status === 'refused')
    await changeState(
      ctx,
      false,
      {
        at: now,
        code: `model check: ${result.reason}`.slice(0, 255),
        message: refusedLine(ctx.engine, result),
      },
      now,
    );
  // 'unknown' (network, outage, key) says nothing about the model: the state stays as it is.
  else ctx.logger.warn({ engine, reason: result.reason }, 'engine model check could not ask the provider');
  return result;
}

/** The console's entry. */
export async function getEngineHealth(ctx: AppContext): Promise<EngineHealth> {
  const now = ctx.clock();
  const engine = ctx.engine.id;
  const row = await repo.readRow(ctx.db, engine);
  const stats = await repo.windowStats(ctx.db, engine, new Date(now.getTime() - ENGINE_HEALTH_WINDOW_MS));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    engine,
    model: engineModel(ctx.engine),
    state: row && !row.healthy ? 'unhealthy' : 'healthy',
    since: (row?.since ?? now).toISOString(),
    lastCheckedAt: iso(row?.lastCheckedAt),
    lastSuccessAt: iso(row?.lastSuccessAt),
    lastError:
      row?.lastErrorAt && row.lastErrorCode
        ? {
            at: row.lastErrorAt.toISOString(),
            providerCode: row.lastErrorCode,
            message: row.lastErrorMessage ?? '',
          }
        : null,
    lastHour: {
      runs: stats.runs,
      failures: stats.failures,
      failureRate: stats.runs > 0 ? stats.failures / stats.runs : null,
      p50Ms: stats.p50Ms,
      p95Ms: stats.p95Ms,
    },
  };
}

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the run outcomes older than ENGINE_RUN_RETENTION_MS; returns how many. */
export const pruneEngineRuns = (ctx: AppContext): Promise<number> =>
  repo.pruneRuns(ctx.db, new Date(ctx.clock().getTime() - ENGINE_RUN_RETENTION_MS));

/** The model check every ENGINE_MODEL_CHECK_INTERVAL_MS, and hourly pruning of old run outcomes. */
export function startEngineHealthJobs(ctx: AppContext): () => void {
  const stopCheck = startPeriodic(ctx.logger, {
    name: 'engine model check',
    everyMs: ctx.env.ENGINE_MODEL_CHECK_INTERVAL_MS,
    run: async () => void (await runModelCheck(ctx)),
  });
  const stopPrune = startPeriodic(ctx.logger, {
    name: 'engine run pruning',
    everyMs: HOUR_MS,
    run: async () => void (await pruneEngineRuns(ctx)),
  });
  return () => {
    stopCheck();
    stopPrune();
  };
}
