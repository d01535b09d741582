import path from 'node:path';
import type { Env } from '#server/env.ts';
import { createGeminiEngine } from './gemini/index.ts';
import { createLocalEngine } from './local/index.ts';
import { createReplayEngine } from './replay/index.ts';
import type { StagingEngine } from './types.ts';

/** Plain data (it crosses into worker threads) naming the engine and its settings. */
export type EngineConfig =
  | { id: 'local' }
  | { id: 'gemini'; apiKey: string; baseUrl?: string | undefined; imageModel: string; textModel: string; timeoutMs: number }
  | { id: 'replay'; dir: string };

export function engineConfig(env: Env): EngineConfig {
  if (env.STAGING_ENGINE === 'gemini') {
    return {
      id: 'gemini',
      apiKey: env.GEMINI_API_KEY ?? '',
      baseUrl: env.GEMINI_BASE_URL,
      imageModel: env.GEMINI_IMAGE_MODEL,
      textModel: env.GEMINI_TEXT_MODEL,
      timeoutMs: env.STAGING_TIMEOUT_MS,
    };
  }
  if (env.STAGING_ENGINE === 'replay') return { id: 'replay', dir: path.resolve(env.REPLAY_DIR ?? '') };
  return { id: 'local' };
}

export function createEngine(config: EngineConfig): StagingEngine {
  if (config.id === 'gemini') {
    const { id: _id, ...opts } = config;
    return createGeminiEngine(opts);
  }
  if (config.id === 'replay') return createReplayEngine({ dir: config.dir });
  return createLocalEngine();
}
