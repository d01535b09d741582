// Public surface of the openai engine.
import type { StagingEngine } from '#server/engines/types.ts';
import { OpenAIEngine, type OpenAIEngineOptions } from './openai-engine.ts';

export type { OpenAIEngineOptions } from './openai-engine.ts';
export { outputSize } from './openai-engine.ts';

export const createOpenAIEngine = (opts: OpenAIEngineOptions): StagingEngine => new OpenAIEngine(opts);
