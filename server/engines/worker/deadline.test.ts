// The job's deadline reaches the provider adapter inside the worker's stage task: the adapter stops
// its call and Replicate's prediction is cancelled, instead of the thread being killed mid-call.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeReplicate, type FakeReplicate } from '#tests/fakes/replicate-server.ts';
import { AFTER_STAGE_RESERVE_MS } from '#server/engines/guard/run-with-guard.ts';
import { runTask } from './tasks.ts';

let fake: FakeReplicate;
let bytes: Uint8Array;
beforeAll(async () => {
  fake = await startFakeReplicate();
  bytes = new Uint8Array(
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b9b2a6' } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => fake.close());

describe('stage task deadline', () => {
  it("stops the provider call at the job's deadline and cancels the Replicate prediction", async () => {
    fake.enqueue({ kind: 'stuck' });
    const started = Date.now();
    const r = await runTask({
      op: 'stage',
      bytes,
      style: 'modern',
      roomType: 'bedroom',
      variant: 0,
      // The adapter's own timeout is far away: only the job's deadline can stop this call.
      engine: {
        id: 'replicate',
        apiToken: fake.token,
        baseUrl: fake.baseUrl,
        model: 'black-forest-labs/flux-kontext-pro',
        timeoutMs: 600_000,
        pollIntervalMs: 50,
      },
      watermark: false,
      deadlineAt: started + AFTER_STAGE_RESERVE_MS + 1500,
    });
    const took = Date.now() - started;
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: 'The AI service took too long to answer. Please try again.' },
    });
    expect(took).toBeLessThan(AFTER_STAGE_RESERVE_MS);
    expect(fake.predictions.at(-1)!.canceled).toBe(true);
  }, 30_000);
});
