// What the remote engine tests (openai, replicate, http) share around their fake servers: the stage
// request they send, and running a stage that must fail with an AppError.
import { expect } from 'vitest';
import {
  STAGING_UNAVAILABLE_MESSAGE,
  STAGING_UNAVAILABLE_RETRY_AFTER_S,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import { EngineConfigError, OPERATOR } from '#server/engines/remote/errors.ts';
import type { RoomImage, StageRequest, StagingEngine } from '#server/engines/types.ts';
import { AppError } from '#server/lib/errors.ts';

import { closedOrigin } from '#tests/fakes/fake-server.ts';

export { closedOrigin };

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  declutter?: boolean;
  variant?: number;
}

/** A stage request builder with the test file's style, room type and variant. */
export function stageRequest(style: Style, roomType: RoomType, variant = 0) {
  return (o: RequestOptions = {}): StageRequest => ({
    style,
    roomType,
    variant: o.variant ?? variant,
    signal: o.signal ?? new AbortController().signal,
    ...(o.declutter ? { declutter: true } : {}),
  });
}

/**
 * Queues `reply` on the fake (when given), stages with `engine` and returns the AppError it fails
 * with; anything else (success, another error) fails the test.
 */
export async function stageFailure<R>(
  fake: { enqueue(...replies: R[]): void },
  reply: R | null,
  engine: StagingEngine,
  room: RoomImage,
  req: StageRequest,
): Promise<AppError> {
  if (reply) fake.enqueue(reply);
  const err: unknown = await engine.stage(room, req).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/**
 * A refusal of our configuration: the agent's plain 503 (not charged, come back later), the
 * operator's provider code and sentence in the log-safe cause.
 */
export function expectConfigError(
  err: AppError,
  providerCode: string,
  operator: keyof typeof OPERATOR,
): void {
  expect(err).toBeInstanceOf(EngineConfigError);
  const e = err as EngineConfigError;
  expect([e.code, e.status, e.message, e.headers['Retry-After']]).toEqual([
    'staging_unavailable',
    503,
    STAGING_UNAVAILABLE_MESSAGE,
    String(STAGING_UNAVAILABLE_RETRY_AFTER_S),
  ]);
  expect([e.providerCode, e.operatorMessage]).toEqual([providerCode, OPERATOR[operator]]);
  expect(String(e.cause)).toContain(`${providerCode}: ${OPERATOR[operator]}`);
}

/** A provider that never answers: the stage fails as a timeout (unavailable), long before the test's. */
export async function expectTimeout(fail: () => Promise<AppError>): Promise<void> {
  const started = Date.now();
  const err = await fail();
  expect([err.code, err.message]).toEqual([
    'unavailable',
    'The AI service took too long to answer. Please try again.',
  ]);
  expect(Date.now() - started).toBeLessThan(10_000);
}

/** The request's signal fires while the provider hangs: the stage fails as cancelled. */
export async function expectCancelled(fail: (signal: AbortSignal) => Promise<AppError>): Promise<void> {
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 150);
  const err = await fail(ac.signal);
  expect([err.code, err.message]).toEqual([
    'unavailable',
    'The request to the AI service was cancelled. Please try again.',
  ]);
}

/**
 * A request already cancelled with an AppError (the run's deadline) never reaches the provider, and
 * the stage rejects with that very error.
 */
export async function expectReasonPassedOn(
  fake: { requests: readonly unknown[] },
  stage: (signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  const before = fake.requests.length;
  const reason = new AppError('unavailable', 'Staging took too long.');
  expect(await stage(AbortSignal.abort(reason)).catch((e: unknown) => e)).toBe(reason);
  expect(fake.requests.length).toBe(before);
}

/** A provider whose address answers nothing (`origin`, a closed port): the stage fails as unreachable. */
export async function expectUnreachable(fail: (origin: string) => Promise<AppError>): Promise<void> {
  const err = await fail(await closedOrigin());
  expect([err.code, err.message]).toEqual([
    'unavailable',
    'The AI service could not be reached. Please try again in a few minutes.',
  ]);
}
