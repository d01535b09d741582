// Forgot-password does the same database work for a known and an unknown address, so its answer time
// tells nothing (decision 0053; on PostgreSQL decision 0123): over 60 interleaved rounds, the median
// of each round's unknown/known ratio is within 15 % of 1. Runs on the suite's database, PGlite or PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema/index.ts';
import { mailSettled } from '#server/lib/mail/background.ts';
import { createVerifiedAccount } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const ROUNDS = 60;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe('forgot-password timing', () => {
  it(`takes as long for an unknown address as for a known one (medians of ${ROUNDS})`, async () => {
    const known = (await createVerifiedAccount(t)).email;
    const ask = async (email: string) => {
      // Every request starts from an empty rate-limit table, so both insert their counter row.
      await t.ctx.db.delete(rateLimits);
      const start = performance.now();
      const res = await t.app.request('/api/forgot-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'roomstage' },
        body: JSON.stringify({ email }),
      });
      const ms = performance.now() - start;
      expect(res.status).toBe(200);
      // The reset mail goes out after the answer; it must not overlap the next timed request.
      await mailSettled(t.ctx.mailer);
      return ms;
    };
    for (let i = 0; i < 10; i++) await ask(i % 2 ? known : `warm-${i}@example.com`);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternating which goes first, so a slow phase of the machine hits both alike.
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order)
        times[kind].push(await ask(kind === 'known' ? known : `nobody-${i}@example.com`));
    }
    // Each round's two requests ran back to back: their ratio cancels the machine's slow phases.
    const ratio = median(times.unknown.map((u, i) => u / times.known[i]!));
    console.log(
      `forgot-password (${t.ctx.database.kind}): median known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms, median ratio ${ratio.toFixed(3)}`,
    );
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1 / 0.85);
  }, 120_000);
});
