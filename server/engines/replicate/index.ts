// Public surface of the replicate engine.
import type { StagingEngine } from '#server/engines/types.ts';
import { ReplicateEngine, type ReplicateEngineOptions } from './replicate-engine.ts';

export type { ReplicateEngineOptions } from './replicate-engine.ts';
export { modelKind } from './replicate-engine.ts';

export const createReplicateEngine = (opts: ReplicateEngineOptions): StagingEngine =>
  new ReplicateEngine(opts);
