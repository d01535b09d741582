// The declutter option (remove existing furniture, then stage): offered only when the configured
// engine can do it (GET /api/engine), and sent only when offered and chosen, so a stale tick can
// never make the server refuse a run.
import type { EngineInfo } from '#shared/schemas/staging.ts';

export const ENGINE_INFO_KEY = ['/api/engine'] as const;

export const canDeclutter = (engine: EngineInfo | null | undefined): boolean => engine?.declutter === true;

/** The extra transform-room form field: `declutter=true`, or nothing. */
export function declutterField(
  engine: EngineInfo | null | undefined,
  chosen: boolean,
): { declutter?: 'true' } {
  return canDeclutter(engine) && chosen ? { declutter: 'true' } : {};
}
