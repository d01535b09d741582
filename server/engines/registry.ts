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
  | {
      id: 'gemini';
      apiKey: string;
      baseUrl?: string | undefined;
      imageModel: string;
      textModel: string;
      timeoutMs: number;
    }
  | {
      id: 'openai';
      apiKey: string;
      baseUrl?: string | undefined;
      model: string;
      quality: 'low' | 'medium' | 'high' | 'auto';
      timeoutMs: number;
    }
  | {
      id: 'replicate';
      apiToken: string;
      baseUrl?: string | undefined;
      model: string;
      timeoutMs: number;
      pollIntervalMs: number;
    }
  | {
      id: 'http';
      url: string;
      token?: string | undefined;
      timeoutMs: number;
      maxEdge: number;
      declutter: boolean;
    }
  | { id: 'replay'; dir: string };

/** One engine: its settings read from the environment, what it can do, and how it is built. */
interface EngineEntry<C extends EngineConfig> {
  config(env: Env): C;
  /**
   * What the engine can do, from its configuration alone (no SDK is loaded): the API shows it to the
   * client, and the staging service refuses a declutter request the engine cannot honour.
   */
  capabilities(config: C): EngineCapabilities;
  create(config: C): StagingEngine;
}

type EngineId = EngineConfig['id'];
type ConfigOf<K extends EngineId> = Extract<EngineConfig, { id: K }>;

/** Only staging an empty room: the local engine renders furniture in and cannot take pieces out. */
const STAGE_ONLY: EngineCapabilities = { declutter: false, masked: false, plansLayout: false };

/**
 * A provider engine whose options are its configuration without the id; `declutter` is the
 * registry's, not the engine's (it only decides capabilities).
 */
function remoteEntry<K extends Exclude<EngineId, 'local' | 'replay'>>(
  config: (env: Env) => ConfigOf<K>,
  capabilities: (config: ConfigOf<K>) => EngineCapabilities,
  create: (opts: Omit<ConfigOf<K>, 'id' | 'declutter'>) => StagingEngine,
): EngineEntry<ConfigOf<K>> {
  return {
    config,
    capabilities,
    create: (config) => {
      const { id: _id, declutter: _d, ...opts } = config as { id: K; declutter?: boolean };
      return create(opts as Omit<ConfigOf<K>, 'id' | 'declutter'>);
    },
  };
}

const ENGINES: { [K in EngineId]: EngineEntry<ConfigOf<K>> } = {
  local: {
    config: () => ({ id: 'local' }),
    // It renders its own layout, so it knows before the run whether the room type's main piece fits.
    capabilities: () => ({ ...STAGE_ONLY, plansLayout: true }),
    create: () => createLocalEngine(),
  },
  gemini: remoteEntry(
    (env) => ({
      id: 'gemini',
      apiKey: env.GEMINI_API_KEY ?? '',
      baseUrl: env.GEMINI_BASE_URL,
      imageModel: env.GEMINI_IMAGE_MODEL,
      textModel: env.GEMINI_TEXT_MODEL,
      timeoutMs: env.STAGING_TIMEOUT_MS,
    }),
    () => STAGE_ONLY,
    createGeminiEngine,
  ),
  openai: remoteEntry(
    (env) => ({
      id: 'openai',
      apiKey: env.OPENAI_API_KEY ?? '',
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_IMAGE_MODEL,
      quality: env.OPENAI_IMAGE_QUALITY,
      timeoutMs: env.STAGING_TIMEOUT_MS,
    }),
    () => ({ declutter: true, masked: true, plansLayout: false }),
    createOpenAIEngine,
  ),
  replicate: remoteEntry(
    (env) => ({
      id: 'replicate',
      apiToken: env.REPLICATE_API_TOKEN ?? '',
      baseUrl: env.REPLICATE_BASE_URL,
      model: env.REPLICATE_MODEL,
      timeoutMs: env.STAGING_TIMEOUT_MS,
      pollIntervalMs: env.REPLICATE_POLL_INTERVAL_MS,
    }),
    // Kontext follows the removal instruction; Fill repaints the masked floor zone from the prompt.
    (config) => ({ declutter: true, masked: /fill/i.test(config.model), plansLayout: false }),
    createReplicateEngine,
  ),
  http: remoteEntry(
    (env) => ({
      id: 'http',
      url: env.STAGING_HTTP_URL ?? '',
      token: env.STAGING_HTTP_TOKEN,
      timeoutMs: env.STAGING_TIMEOUT_MS,
      maxEdge: env.STAGING_HTTP_MAX_EDGE,
      declutter: env.STAGING_HTTP_DECLUTTER,
    }),
    (config) => ({ declutter: config.declutter, masked: true, plansLayout: false }),
    createHttpEngine,
  ),
  replay: {
    config: (env) => ({ id: 'replay', dir: path.resolve(env.REPLAY_DIR ?? '') }),
    capabilities: () => STAGE_ONLY,
    create: (config) => createReplayEngine({ dir: config.dir }),
  },
};

const entryFor = <C extends EngineConfig>(config: C) => ENGINES[config.id] as unknown as EngineEntry<C>;

export function engineConfig(env: Env): EngineConfig {
  return ENGINES[env.STAGING_ENGINE].config(env);
}

export function engineCapabilities(config: EngineConfig): EngineCapabilities {
  return entryFor(config).capabilities(config);
}

export function createEngine(config: EngineConfig): StagingEngine {
  return entryFor(config).create(config);
}
