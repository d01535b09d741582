import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per engine id: whether staging may be offered (decision 0153). Written by the model check and
 * by staging runs; a state change is a conditional update, so exactly one server copy reports it.
 */
export const engineHealth = pgTable('engine_health', {
  engine: varchar('engine', { length: 32 }).primaryKey(),
  model: varchar('model', { length: 255 }).notNull(),
  healthy: boolean('healthy').notNull().default(true),
  /** When `healthy` last changed (or the row was made). */
  since: ts('since').notNull(),
  lastSuccessAt: ts('last_success_at'),
  lastErrorAt: ts('last_error_at'),
  /** Log-safe provider code, e.g. `OpenAI HTTP 404 model_not_found`. */
  lastErrorCode: varchar('last_error_code', { length: 255 }),
  /** What an operator should change (never provider text, which can quote the request). */
  lastErrorMessage: text('last_error_message'),
  lastCheckedAt: ts('last_checked_at'),
});

/** Per-run outcomes for the last-hour figures; rows older than a day are pruned. */
export const engineRuns = pgTable(
  'engine_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engine: varchar('engine', { length: 32 }).notNull(),
    ok: boolean('ok').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    providerCode: varchar('provider_code', { length: 255 }),
    at: ts('at').notNull(),
  },
  (t) => [index('engine_runs_engine_at_idx').on(t.engine, t.at)],
);
