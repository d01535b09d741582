import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, unavailable } from '#server/lib/errors.ts';
import { EngineConfigError } from '../remote/errors.ts';
import type { AutomaticArea } from '#shared/schemas/staging.ts';
import type { Arranged } from './arrange-task.ts';
import type { EngineTask, Prepared, StagedResult, TaskResult } from './tasks.ts';
import type { Identification, StagePlacement } from '../types.ts';

type ResultOf<T extends EngineTask['op']> = T extends 'prepare'
  ? Prepared
  : T extends 'identify'
    ? Identification
    : T extends 'plan'
      ? StagePlacement | null
      : T extends 'arrange'
        ? Arranged
        : T extends 'furnish-area'
          ? AutomaticArea
          : StagedResult;

export interface EnginePool {
  run<T extends EngineTask>(task: T, signal?: AbortSignal): Promise<ResultOf<T['op']>>;
  /** True when a new task would have to wait behind a full queue: callers answer 503 before charging. */
  isSaturated(): boolean;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Worker threads; 0 = one per core. */
  workers: number;
  /** Tasks allowed to wait for a free worker. */
  maxQueue: number;
}

export const BUSY_MESSAGE = 'The staging service is busy right now. Please try again in a moment.';

// From source (tsx, Vitest) the worker is TypeScript and needs tsx's loader; from dist it is plain JS.
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(fromSource ? './engine-worker.ts' : './engine-worker.js', import.meta.url);
  return { filename: fileURLToPath(file), execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

export function createEnginePool(opts: PoolOptions): EnginePool {
  const threads = opts.workers > 0 ? opts.workers : Math.max(1, os.availableParallelism());
  const { filename, execArgv } = workerFile();
  // Threads start on the first task, so a copy (or a test) that never stages pays nothing for the pool.
  let piscina: Piscina | undefined;
  const get = () =>
    (piscina ??= new Piscina({
      filename,
      execArgv,
      minThreads: 1,
      maxThreads: threads,
      maxQueue: opts.maxQueue,
      idleTimeout: 60_000,
    }));
  return {
    async run(task, signal) {
      // No transfer list: callers keep using their bytes (e.g. to store the original) after the task.
      let result: TaskResult<unknown>;
      try {
        result = (await get().run(task, { signal })) as TaskResult<unknown>;
      } catch (err) {
        if (err instanceof Error && /queue is at limit/i.test(err.message))
          throw unavailable(BUSY_MESSAGE, 10);
        throw err;
      }
      if (!result.ok) throw fromPlain(result.error);
      return result.value as never;
    },
    isSaturated: () => (piscina?.queueSize ?? 0) >= opts.maxQueue,
    close: async () => {
      await piscina?.destroy();
    },
  };
}

/** The worker's error rebuilt: an engine's configuration refusal stays one, with its cause. */
function fromPlain(e: Extract<TaskResult<never>, { ok: false }>['error']): AppError {
  if (e.config)
    return new EngineConfigError(e.config.providerCode, e.config.operatorMessage, e.config.modelMissing);
  const err = new AppError(e.code, e.message, e.headers);
  if (e.cause) err.cause = new Error(e.cause);
  return err;
}
