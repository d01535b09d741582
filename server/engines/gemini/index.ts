// Public surface of the gemini engine: a factory returning the plain StagingEngine contract.
import type { StagingEngine } from '#server/engines/types.ts';
import { GeminiEngine, type GeminiEngineOptions } from './gemini-engine.ts';

export type { GeminiEngineOptions } from './gemini-engine.ts';
export { nearestAspectRatio, GEMINI_ASPECT_RATIOS, type GeminiAspectRatio } from './aspect-ratio.ts';

export function createGeminiEngine(opts: GeminiEngineOptions): StagingEngine {
  return new GeminiEngine(opts);
}
