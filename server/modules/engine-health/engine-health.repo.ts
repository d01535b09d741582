import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { engineHealth, engineRuns } from '../../db/schema/index.ts';

export type EngineHealthRow = typeof engineHealth.$inferSelect;

export interface EngineError {
  at: Date;
  code: string;
  message: string;
}

/** The engine's row, made healthy on first sight; the configured model is always the current one. */
export async function ensureRow(db: DbOrTx, engine: string, model: string, now: Date): Promise<void> {
  await db
    .insert(engineHealth)
    .values({ engine, model, healthy: true, since: now })
    .onConflictDoUpdate({ target: engineHealth.engine, set: { model } });
}

export async function readRow(db: DbOrTx, engine: string): Promise<EngineHealthRow | null> {
  const [row] = await db.select().from(engineHealth).where(eq(engineHealth.engine, engine));
  return row ?? null;
}

/** Healthy -> unhealthy; true only for the one caller that changed it (many copies may race). */
export async function markUnhealthy(db: DbOrTx, engine: string, error: EngineError): Promise<boolean> {
  const changed = await db
    .update(engineHealth)
    .set({
      healthy: false,
      since: error.at,
      lastErrorAt: error.at,
      lastErrorCode: error.code,
      lastErrorMessage: error.message,
    })
    .where(and(eq(engineHealth.engine, engine), eq(engineHealth.healthy, true)))
    .returning({ engine: engineHealth.engine });
  return changed.length > 0;
}

/** Unhealthy -> healthy; true only for the one caller that changed it. */
export async function markHealthy(db: DbOrTx, engine: string, now: Date): Promise<boolean> {
  const changed = await db
    .update(engineHealth)
    .set({ healthy: true, since: now })
    .where(and(eq(engineHealth.engine, engine), eq(engineHealth.healthy, false)))
    .returning({ engine: engineHealth.engine });
  return changed.length > 0;
}

export async function noteSuccess(db: DbOrTx, engine: string, at: Date): Promise<void> {
  await db.update(engineHealth).set({ lastSuccessAt: at }).where(eq(engineHealth.engine, engine));
}

/** A failure that does not change the state (busy, timeout): shown as the last error all the same. */
export async function noteError(db: DbOrTx, engine: string, error: EngineError): Promise<void> {
  await db
    .update(engineHealth)
    .set({ lastErrorAt: error.at, lastErrorCode: error.code, lastErrorMessage: error.message })
    .where(eq(engineHealth.engine, engine));
}

export async function noteChecked(db: DbOrTx, engine: string, at: Date): Promise<void> {
  await db.update(engineHealth).set({ lastCheckedAt: at }).where(eq(engineHealth.engine, engine));
}

export async function insertRun(
  db: DbOrTx,
  run: { engine: string; ok: boolean; latencyMs: number; providerCode: string | null; at: Date },
): Promise<void> {
  await db.insert(engineRuns).values(run);
}

/** Deletes the outcomes recorded before `cutoff`; returns how many. */
export async function pruneRuns(db: DbOrTx, cutoff: Date): Promise<number> {
  const gone = await db.delete(engineRuns).where(lt(engineRuns.at, cutoff)).returning({ id: engineRuns.id });
  return gone.length;
}

export interface WindowStats {
  runs: number;
  failures: number;
  /** Latency of the successful runs; null when there were none. */
  p50Ms: number | null;
  p95Ms: number | null;
}

export async function windowStats(db: DbOrTx, engine: string, from: Date): Promise<WindowStats> {
  const [row] = await db
    .select({
      runs: sql<number>`count(*)::int`,
      failures: sql<number>`(count(*) filter (where not ${engineRuns.ok}))::int`,
      p50: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${engineRuns.latencyMs}) filter (where ${engineRuns.ok})`,
      p95: sql<
        number | null
      >`percentile_cont(0.95) within group (order by ${engineRuns.latencyMs}) filter (where ${engineRuns.ok})`,
    })
    .from(engineRuns)
    .where(and(eq(engineRuns.engine, engine), gte(engineRuns.at, from)));
  const num = (v: number | string | null | undefined) =>
    v === null || v === undefined ? null : Math.round(Number(v));
  return {
    runs: row?.runs ?? 0,
    failures: row?.failures ?? 0,
    p50Ms: num(row?.p50),
    p95Ms: num(row?.p95),
  };
}
