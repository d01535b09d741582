import path from 'node:path';
import type { Env } from '#server/env.ts';
import { createGeminiEngine } from './gemini/index.ts';
import { createHttpEngine } from './http/index.ts';
import { createLocalEngine } from './local/index.ts';
import { createOpenAIEngine } from './openai/index.ts';
import { createReplayEngine } from './replay/index.ts';
import { createReplicateEngine } from './replicate/index.ts';
import type { EngineCapabilities, StagingEngine } from './types.ts';

/** Plain data (it crosses into worker threads) naming the engine and its settings. */
export type EngineConfig =
  | { id: 'local' }
  | { id: 'gemini'; apiKey: string; baseUrl?: string | undefined; imageModel: string; textModel: string; timeoutMs: number }
  | {
      id: 'openai';
      apiKey: string;
      baseUrl?: string | undefined;
      model: string;
      quality: 'low' | 'medium' | 'high' | 'auto';
      timeoutMs: number;
    }
  | { id: 'replicate'; apiToken: string; baseUrl?: string | undefined; model: string; timeoutMs: number; pollIntervalMs: number }
  | { id: 'http'; url: string; token?: string | undefined; timeoutMs: number; maxEdge: number; declutter: boolean }
  | { id: 'replay'; dir: string };

export function engineConfig(env: Env): EngineConfig {
  switch (env.STAGING_ENGINE) {
    case 'gemini':
      return {
        id: 'gemini',
        apiKey: env.GEMINI_API_KEY ?? '',
        baseUrl: env.GEMINI_BASE_URL,
        imageModel: env.GEMINI_IMAGE_MODEL,
        textModel: env.GEMINI_TEXT_MODEL,
        timeoutMs: env.STAGING_TIMEOUT_MS,
      };
    case 'openai':
      return {
        id: 'openai',
        apiKey: env.OPENAI_API_KEY ?? '',
        baseUrl: env.OPENAI_BASE_URL,
        model: env.OPENAI_IMAGE_MODEL,
        quality: env.OPENAI_IMAGE_QUALITY,
        timeoutMs: env.STAGING_TIMEOUT_MS,
      };
    case 'replicate':
      return {
        id: 'replicate',
        apiToken: env.REPLICATE_API_TOKEN ?? '',
        baseUrl: env.REPLICATE_BASE_URL,
        model: env.REPLICATE_MODEL,
        timeoutMs: env.STAGING_TIMEOUT_MS,
        pollIntervalMs: env.REPLICATE_POLL_INTERVAL_MS,
      };
    case 'http':
      return {
        id: 'http',
        url: env.STAGING_HTTP_URL ?? '',
        token: env.STAGING_HTTP_TOKEN,
        timeoutMs: env.STAGING_TIMEOUT_MS,
        maxEdge: env.STAGING_HTTP_MAX_EDGE,
        declutter: env.STAGING_HTTP_DECLUTTER,
      };
    case 'replay':
      return { id: 'replay', dir: path.resolve(env.REPLAY_DIR ?? '') };
    default:
      return { id: 'local' };
  }
}

/**
 * What the configured engine can do, from its configuration alone (no SDK is loaded): the API shows
 * it to the client, and the staging service refuses a declutter request the engine cannot honour.
 * The local engine renders furniture into the photo and cannot take existing pieces out.
 */
export function engineCapabilities(config: EngineConfig): EngineCapabilities {
  switch (config.id) {
    case 'openai':
      return { declutter: true, masked: true };
    case 'replicate':
      // Kontext follows the removal instruction; Fill repaints the masked floor zone from the prompt.
      return { declutter: true, masked: /fill/i.test(config.model) };
    case 'http':
      return { declutter: config.declutter, masked: true };
    default:
      return { declutter: false, masked: false };
  }
}

export function createEngine(config: EngineConfig): StagingEngine {
  switch (config.id) {
    case 'gemini': {
      const { id: _id, ...opts } = config;
      return createGeminiEngine(opts);
    }
    case 'openai': {
      const { id: _id, ...opts } = config;
      return createOpenAIEngine(opts);
    }
    case 'replicate': {
      const { id: _id, ...opts } = config;
      return createReplicateEngine(opts);
    }
    case 'http': {
      const { id: _id, declutter: _d, ...opts } = config;
      return createHttpEngine(opts);
    }
    case 'replay':
      return createReplayEngine({ dir: config.dir });
    default:
      return createLocalEngine();
  }
}
