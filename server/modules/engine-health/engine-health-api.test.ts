// GET /api/admin/engine-health: admins only, and the last-hour figures (p50/p95 latency of good runs,
// failure rate) from the stored run outcomes, which are pruned after a day (decision 0153).
import { describe, expect, it } from 'vitest';
import { engineHealthSchema } from '#shared/schemas/admin.ts';
import { api } from '#tests/helpers/auth.ts';
import { adminApi, useAdminKit } from '#tests/helpers/admin-kit.ts';
import { engineRuns } from '#server/db/schema/index.ts';
import { EngineConfigError, OPERATOR } from '#server/engines/remote/errors.ts';
import { pruneEngineRuns, recordRun } from './index.ts';

const k = useAdminKit();
const PATH = '/api/admin/engine-health';
const HOUR = 3_600_000;

describe('GET /api/admin/engine-health', () => {
  it('answers 401 to visitors and 403 to users', async () => {
    expect((await api(k.t, 'GET', PATH)).status).toBe(401);
    const res = await api(k.t, 'GET', PATH, { cookie: k.user.cookie });
    expect(res.status).toBe(403);
  });

  it('shows a healthy engine with no runs before anything happened', async () => {
    const res = await adminApi(k.t, k.admin.cookie, 'GET', PATH);
    expect(res.status).toBe(200);
    const body = engineHealthSchema.parse(await res.json());
    expect(body).toMatchObject({
      engine: 'local',
      model: null,
      state: 'healthy',
      lastSuccessAt: null,
      lastError: null,
      lastHour: { runs: 0, failures: 0, failureRate: null, p50Ms: null, p95Ms: null },
    });
  });

  it('computes the last hour from stored runs, then shows the unhealthy state with its provider code', async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    // Outside the hour: counted nowhere in the figures.
    k.t.setNow(new Date(now.getTime() - 2 * HOUR));
    await recordRun(k.t.ctx, { ok: true, latencyMs: 99_999 });
    k.t.setNow(now);
    for (let i = 1; i <= 10; i++) await recordRun(k.t.ctx, { ok: true, latencyMs: i * 100 });
    await recordRun(k.t.ctx, { ok: false, latencyMs: 5 });
    await recordRun(k.t.ctx, {
      ok: false,
      latencyMs: 7,
      error: new EngineConfigError('Replicate HTTP 402', OPERATOR.credit),
    });

    const body = engineHealthSchema.parse(await (await adminApi(k.t, k.admin.cookie, 'GET', PATH)).json());
    // percentile_cont over 100..1000: p50 = 550, p95 = 955; failures are not latencies.
    expect(body.lastHour).toEqual({ runs: 12, failures: 2, failureRate: 2 / 12, p50Ms: 550, p95Ms: 955 });
    expect(body).toMatchObject({
      state: 'unhealthy',
      since: now.toISOString(),
      lastSuccessAt: now.toISOString(),
      lastError: { at: now.toISOString(), providerCode: 'Replicate HTTP 402', message: OPERATOR.credit },
    });

    // A day later the run from two hours before is pruned, the others are not yet.
    k.t.setNow(new Date(now.getTime() + 23 * HOUR));
    expect(await pruneEngineRuns(k.t.ctx)).toBe(1);
    expect(await k.t.ctx.db.select().from(engineRuns)).toHaveLength(12);
    k.t.setNow(undefined);
  });
});
