// Public surface of the self-hosted http engine.
import type { StagingEngine } from '#server/engines/types.ts';
import { HttpEngine, type HttpEngineOptions } from './http-engine.ts';

export type { HttpEngineOptions } from './http-engine.ts';

export const createHttpEngine = (opts: HttpEngineOptions): StagingEngine => new HttpEngine(opts);
