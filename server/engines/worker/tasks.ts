// Everything CPU-heavy a request needs, as plain functions over bytes. The worker thread runs these (see
// engine-worker.ts); nothing here touches HTTP or the database. Results and errors cross the thread
// boundary as plain data, so AppErrors are sent as { error } and rebuilt on the other side.
import sharp from 'sharp';
import type { ReviewReason } from '#shared/constants/review.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { AppError, unavailable, type ErrorCode } from '#server/lib/errors.ts';
import { EngineConfigError } from '#server/engines/remote/errors.ts';
import { DEADLINE_MESSAGE } from './deadline.ts';
import { decodeImage, perceptualHash } from '#server/lib/images/index.ts';
import { encodeCheckedDelivery, runWithGuard } from '#server/engines/guard/index.ts';
import { createEngine, type EngineConfig } from '../registry.ts';
import type { Identification, StagePlacement } from '../types.ts';
import type { Layout } from '#shared/schemas/layout.ts';
import { arrange, type ArrangeTask } from './arrange-task.ts';
import { thumbnailOf } from './thumbnail.ts';
import { automaticArea } from '../remote/auto-area.ts';

// Every upload is decoded once, so libvips' operation cache would only hold on to pixel buffers
// (tens of MB per 12 MP photo) that count against the worker's memory.
sharp.cache(false);
// One libvips thread per sharp call: a worker thread already runs one task at a time, so the pool's
// size (ENGINE_WORKERS) is the number of cores a copy uses, and two worker processes on two cores do
// not fight over each other's cores. (glibc builds of sharp already default to 1; others to all cores.)
sharp.concurrency(1);

export type EngineTask =
  | { op: 'prepare'; bytes: Uint8Array }
  | { op: 'identify'; bytes: Uint8Array; engine: EngineConfig }
  /** The check before payment: what the engine would place (only engines that plan a layout). */
  | { op: 'plan'; bytes: Uint8Array; style: Style; roomType: RoomType; engine: EngineConfig }
  | {
      op: 'stage';
      bytes: Uint8Array;
      style: Style;
      roomType: RoomType;
      variant: number;
      /** Remove existing furniture first; only sent for engines whose capabilities allow it. */
      declutter?: boolean;
      /** Masked engines: the agent's furniture area, polygons in 0..1 photo coordinates (decision 0181). */
      furnishArea?: [number, number][][];
      /** A listing's furniture set (decision 0256): engines that build their furniture use it, others ignore it. */
      furnitureSet?: number;
      engine: EngineConfig;
      watermark: boolean;
      /** Epoch ms by which the result must be back: the provider calls are stopped (and cancelled) then. */
      deadlineAt?: number;
    }
  /** Masked engines: the area the engine furnishes when the agent paints none (decision 0213). */
  | { op: 'furnish-area'; bytes: Uint8Array; declutter: boolean }
  /** Arranging a staging by hand: a preview or the saved result of a stored layout (issue 31). */
  | ArrangeTask;

export interface Prepared {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** 64-bit perceptual hash, 16 hex digits. */
  hash: string;
  /** The upload re-encoded without metadata: what we store as the original. */
  bytes: Uint8Array;
}

export interface StagedResult {
  /** JPEG at the input's exact size, disclosure mark applied. */
  image: Uint8Array;
  /** JPEG, 400 px on the long side, for history lists. */
  thumbnail: Uint8Array;
  structureScore: number;
  needsReview: boolean;
  /** What the guard found the AI changed, for the review notice; empty unless needsReview. */
  reviewReasons: ReviewReason[];
  attempts: number;
  engineConfidence: number;
  /** What a layout-planning engine placed (the refund for fewer pieces reads it); absent otherwise. */
  placement?: StagePlacement;
  /** A layout-planning engine's room and pieces, stored for the agent to arrange (issue 31). */
  layout?: Layout;
}

/** An engine refusal of our configuration, as plain data (it crosses the thread boundary). */
export interface ConfigFault {
  providerCode: string;
  operatorMessage: string;
  modelMissing: boolean;
}

export type TaskResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: {
        code: ErrorCode;
        message: string;
        headers: Record<string, string>;
        /** The log-safe cause (provider, status, provider code), for the log and engine health. */
        cause?: string;
        config?: ConfigFault;
      };
    };

async function prepare(bytes: Uint8Array): Promise<Prepared> {
  const img = await decodeImage(bytes);
  return {
    format: img.format,
    width: img.width,
    height: img.height,
    hash: perceptualHash(img),
    bytes: img.bytes,
  };
}

async function identify(bytes: Uint8Array, engine: EngineConfig): Promise<Identification> {
  return createEngine(engine).identify(await decodeImage(bytes));
}

/** Null when the engine plans no layout: nothing is known about the result before the run. */
async function plan(task: Extract<EngineTask, { op: 'plan' }>): Promise<StagePlacement | null> {
  const engine = createEngine(task.engine);
  if (!engine.plan) return null;
  // Variant 0: the first run's layout; a regeneration's differs in detail, and the run reports its own.
  return engine.plan(await decodeImage(task.bytes), {
    style: task.style,
    roomType: task.roomType,
    variant: 0,
  });
}

async function stage(task: Extract<EngineTask, { op: 'stage' }>): Promise<StagedResult> {
  const img = await decodeImage(task.bytes);
  const engine = createEngine(task.engine);
  // The job's deadline as the engine's signal, so the adapter itself stops (and cancels) its call.
  const deadline = new AbortController();
  const timer =
    task.deadlineAt === undefined
      ? undefined
      : setTimeout(
          () => deadline.abort(unavailable(DEADLINE_MESSAGE, 30)),
          Math.max(0, task.deadlineAt - Date.now()),
        );
  const signal = deadline.signal;
  const declutter = task.declutter === true ? { declutter: true } : {};
  const r = await runWithGuard(
    engine,
    img,
    {
      style: task.style,
      roomType: task.roomType,
      variant: task.variant,
      ...declutter,
      ...(task.furnishArea ? { furnishArea: task.furnishArea } : {}),
      ...(task.furnitureSet === undefined ? {} : { furnitureSet: task.furnitureSet }),
      signal,
    },
    task.deadlineAt === undefined ? {} : { deadline: task.deadlineAt },
  ).finally(() => clearTimeout(timer));
  // The guard's plan, followed: drawn once for the kept attempt, streamed into the encoder; the
  // decoded upload is not needed afterwards, so a recomposition blends into it in place. The JPEG is
  // checked (size, no uncovered border or wedge) before it is returned for storage.
  const { image } = await encodeCheckedDelivery(img, r.output, r.plan, {
    mark: task.watermark,
    consumeInput: true,
  });
  return {
    image,
    thumbnail: await thumbnailOf(image),
    structureScore: r.structureScore,
    needsReview: r.flagged,
    reviewReasons: r.flagged ? r.reasons : [],
    attempts: r.attempts,
    engineConfidence: r.engineConfidence,
    // Picked field by field like the rest: only plain data crosses the thread boundary.
    ...(r.placement ? { placement: plainPlacement(r.placement) } : {}),
    // Already plain data (the engine builds it as JSON-ready objects for storage).
    ...(r.layout ? { layout: r.layout } : {}),
  };
}

function plainPlacement(p: StagePlacement): StagePlacement {
  return {
    mainPiece: p.mainPiece,
    mainPieceKind: p.mainPieceKind,
    pieces: [...p.pieces],
    core: { placed: p.core.placed, needed: p.core.needed },
  };
}

export async function runTask(task: EngineTask): Promise<TaskResult<unknown>> {
  try {
    switch (task.op) {
      case 'prepare':
        return { ok: true, value: await prepare(task.bytes) };
      case 'identify':
        return { ok: true, value: await identify(task.bytes, task.engine) };
      case 'plan':
        return { ok: true, value: await plan(task) };
      case 'stage':
        return { ok: true, value: await stage(task) };
      case 'furnish-area':
        return {
          ok: true,
          value: await automaticArea(await decodeImage(task.bytes), { declutter: task.declutter }),
        };
      case 'arrange':
        return { ok: true, value: await arrange(task) };
    }
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: plainError(err) };
    throw err;
  }
}

function plainError(err: AppError): Extract<TaskResult<never>, { ok: false }>['error'] {
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return {
    code: err.code,
    message: err.message,
    headers: err.headers,
    ...(cause ? { cause } : {}),
    ...(err instanceof EngineConfigError
      ? {
          config: {
            providerCode: err.providerCode,
            operatorMessage: err.operatorMessage,
            modelMissing: err.modelMissing,
          },
        }
      : {}),
  };
}
