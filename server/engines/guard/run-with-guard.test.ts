import { describe, expect, it, vi } from 'vitest';
import type { RawImage, RoomImage, StageRequest, Staged, StagingEngine } from '#server/engines/types.ts';
import { AppError } from '#server/lib/errors.ts';
import { guardStructure, RETRY_VARIANT_OFFSET, runWithGuard } from './index.ts';
import { AFTER_STAGE_RESERVE_MS, NO_TIME_FOR_RETRY_NOTE } from './run-with-guard.ts';
import { drawRoom, MOVED_WINDOW, zoom } from '#tests/helpers/guard-scenes.ts';

const W = 320;
const H = 180;
const input: RoomImage = { ...drawRoom(W, H, { noiseSeed: 1 }), format: 'png', bytes: new Uint8Array() };
const good = drawRoom(W, H, { furniture: true, noiseSeed: 7 });
const movedWindow = drawRoom(W, H, { furniture: true, window: MOVED_WINDOW, noiseSeed: 7 });
// A re-crop (15 %), which fails the guard.
const zoomed = await zoom(good, 1.15);

/** A scripted engine: one output (or error) per call, recording the variants it was asked for. */
function fakeEngine(outputs: (RawImage | Error)[]): StagingEngine & { variants: number[] } {
  const variants: number[] = [];
  return {
    id: 'fake',
    variants,
    identify: () => Promise.reject(new Error('not used')),
    stage: (_img, req): Promise<Staged> => {
      variants.push(req.variant);
      const out = outputs[variants.length - 1];
      if (!out) return Promise.reject(new Error('no scripted output'));
      if (out instanceof Error) return Promise.reject(out);
      return Promise.resolve({
        image: out,
        furnitureMask: new Uint8Array(W * H),
        engineConfidence: 0.5,
        notes: [`call ${variants.length}`],
      });
    },
  };
}
const req = (variant = 4, signal = new AbortController().signal): StageRequest => ({
  style: 'modern',
  roomType: 'living-room',
  variant,
  signal,
});

describe('runWithGuard', () => {
  it('returns a passing first attempt without a retry', async () => {
    const engine = fakeEngine([good]);
    const r = await runWithGuard(engine, input, req());
    expect(engine.variants).toEqual([4]);
    expect(r).toMatchObject({
      passed: true,
      flagged: false,
      attempts: 1,
      variant: 4,
      engineConfidence: 0.5,
      notes: ['call 1'],
    });
    expect(r.timings.stageMs).toHaveLength(1);
    expect(r.timings.guardMs).toHaveLength(1);
    expect(r.timings.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('retries once with variant + 1000 and returns the passing retry', async () => {
    const engine = fakeEngine([movedWindow, good]);
    const r = await runWithGuard(engine, input, req());
    expect(engine.variants).toEqual([4, 4 + RETRY_VARIANT_OFFSET]);
    expect(r).toMatchObject({ passed: true, flagged: false, attempts: 2, variant: 1004, notes: ['call 2'] });
    expect(r.timings.stageMs).toHaveLength(2);
  });

  it('returns the better of two failing attempts, flagged for review', async () => {
    const engine = fakeEngine([zoomed, movedWindow]);
    const r = await runWithGuard(engine, input, req());
    expect(engine.variants).toHaveLength(2);
    expect(r.flagged).toBe(true);
    expect(r.passed).toBe(false);
    expect(r.attempts).toBe(2);
    // The better-scoring attempt is the one returned.
    const [z, m] = await Promise.all(
      [zoomed, movedWindow].map((o) =>
        guardStructure(input, {
          image: o,
          furnitureMask: new Uint8Array(0),
          engineConfidence: 0.5,
          notes: [],
        }),
      ),
    );
    expect(r.variant).toBe(m!.structureScore > z!.structureScore ? 1004 : 4);
    expect(r.structureScore).toBe(Math.max(m!.structureScore, z!.structureScore));
  });

  it('keeps the first attempt, flagged, when the retry itself fails', async () => {
    const r = await runWithGuard(
      fakeEngine([movedWindow, new AppError('unavailable', 'busy')]),
      input,
      req(),
    );
    expect(r).toMatchObject({ flagged: true, attempts: 2, variant: 4 });
    expect(r.issues.at(-1)).toMatch(/automatic retry failed/);
  });

  it('propagates a first-attempt error and never retries a cancelled request', async () => {
    const failing = fakeEngine([new AppError('unavailable', 'busy')]);
    await expect(runWithGuard(failing, input, req())).rejects.toMatchObject({ code: 'unavailable' });
    expect(failing.variants).toHaveLength(1);

    const ac = new AbortController();
    const engine = fakeEngine([movedWindow, good]);
    const original = engine.stage.bind(engine);
    engine.stage = async (img, r) => {
      const out = await original(img, r);
      ac.abort(new AppError('unavailable', 'cancelled'));
      return out;
    };
    await expect(runWithGuard(engine, input, req(0, ac.signal))).rejects.toMatchObject({
      message: 'cancelled',
    });
    expect(engine.variants).toEqual([0]);
  });

  describe('time budget (a scaled clock: each provider call advances it, nothing waits)', () => {
    /** The fake engine on a virtual clock: call i takes `ms[i]`; records the signal it was given. */
    function slowEngine(outputs: RawImage[], ms: number[]) {
      const clock = { t: 0 };
      const engine = fakeEngine(outputs);
      const signals: AbortSignal[] = [];
      const original = engine.stage.bind(engine);
      engine.stage = async (img, r) => {
        signals.push(r.signal);
        clock.t += ms[signals.length - 1]!;
        return original(img, r);
      };
      return { engine, signals, now: () => clock.t };
    }

    it('delivers the first result flagged when a 90 s first call leaves too little of 120 s for a retry', async () => {
      const { engine, now } = slowEngine([zoomed, good], [90_000, 90_000]);
      const r = await runWithGuard(engine, input, req(), { deadline: 120_000, now });
      expect(engine.variants).toEqual([4]);
      expect(r).toMatchObject({ flagged: true, attempts: 1, variant: 4 });
      expect(r.plan.action).toBe('flag');
      expect(r.issues.at(-1)).toBe(NO_TIME_FOR_RETRY_NOTE);
    });

    it('retries when the first call left enough time (30 s of 120 s)', async () => {
      const { engine, now } = slowEngine([zoomed, good], [30_000, 30_000]);
      const r = await runWithGuard(engine, input, req(), { deadline: 120_000, now });
      expect(engine.variants).toEqual([4, 1004]);
      expect(r).toMatchObject({ flagged: false, attempts: 2 });
    });

    it("gives each attempt its own signal, which fires at the job's deadline less the guard's reserve", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const caller = new AbortController();
        const seen: AbortSignal[] = [];
        const engine: StagingEngine = {
          id: 'hanging',
          identify: () => Promise.reject(new Error('not used')),
          // A provider call that never answers by itself and gives up when its signal fires.
          stage: (_img, r) => {
            seen.push(r.signal);
            return new Promise((_, reject) =>
              r.signal.addEventListener('abort', () => reject(r.signal.reason as Error)),
            );
          },
        };
        const run = runWithGuard(engine, input, req(4, caller.signal), { deadline: 60_000, now: () => 0 });
        const failed = expect(run).rejects.toMatchObject({
          code: 'unavailable',
          message: 'The AI service took too long to answer. Please try again.',
        });
        await vi.advanceTimersByTimeAsync(60_000 - AFTER_STAGE_RESERVE_MS - 1);
        expect(seen[0]!.aborted).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(seen[0]!.aborted).toBe(true);
        await failed;
        // The caller's own signal is untouched: only this attempt ran out of time.
        expect(caller.signal.aborted).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
