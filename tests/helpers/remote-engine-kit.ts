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

export { closedOrigin } from '#tests/fakes/fake-server.ts';

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
