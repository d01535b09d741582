// Asks the configured provider, through its own SDK, whether the configured model exists and can
// edit images, so a retired model stops the server at start with one line instead of failing every
// staging with a 500 (docs/decisions/0115-current-provider-models-and-engine-health.md).
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import Replicate from 'replicate';
import type { EngineConfig } from './registry.ts';

export type ModelCheck =
  | { status: 'ok' }
  /** The provider says the model is unknown, shut down, or cannot edit images. */
  | { status: 'refused'; model: string; reason: string }
  /** The provider could not be asked (network, outage, key): not a verdict on the model. */
  | { status: 'unknown'; reason: string };

const CHECK_TIMEOUT_MS = 15_000;

const statusOf = (err: unknown): number | undefined => {
  const e = err as { status?: unknown; response?: { status?: unknown } };
  const s = e.status ?? e.response?.status;
  return typeof s === 'number' ? s : undefined;
};

/** 404 is the provider's "no such model"; anything else says nothing about the model. */
function failed(model: string, err: unknown): ModelCheck {
  const status = statusOf(err);
  if (status === 404) return { status: 'refused', model, reason: 'the provider does not know it (HTTP 404)' };
  return { status: 'unknown', reason: status ? `HTTP ${status}` : 'provider unreachable' };
}

async function checkGemini(c: Extract<EngineConfig, { id: 'gemini' }>): Promise<ModelCheck> {
  const ai = new GoogleGenAI({
    apiKey: c.apiKey,
    vertexai: false,
    httpOptions: { timeout: CHECK_TIMEOUT_MS, ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}) },
  });
  for (const model of [c.imageModel, c.textModel]) {
    try {
      const m = await ai.models.get({ model });
      if (!(m.supportedActions ?? []).includes('generateContent'))
        return { status: 'refused', model, reason: 'it does not offer generateContent' };
    } catch (err) {
      return failed(model, err);
    }
  }
  return { status: 'ok' };
}

async function checkOpenAI(c: Extract<EngineConfig, { id: 'openai' }>, today: string): Promise<ModelCheck> {
  const client = new OpenAI({
    apiKey: c.apiKey,
    ...(c.baseUrl ? { baseURL: c.baseUrl } : {}),
    timeout: CHECK_TIMEOUT_MS,
    maxRetries: 0,
    organization: null,
    project: null,
  });
  try {
    const m = (await client.models.retrieve(c.model)) as { shutdown_date?: string | null };
    if (m.shutdown_date && m.shutdown_date <= today)
      return { status: 'refused', model: c.model, reason: `it was shut down on ${m.shutdown_date}` };
    return { status: 'ok' };
  } catch (err) {
    return failed(c.model, err);
  }
}

interface ReplicateModelView {
  latest_version?: {
    openapi_schema?: { components?: { schemas?: { Input?: { properties?: Record<string, unknown> } } } };
  } | null;
}

async function checkReplicate(c: Extract<EngineConfig, { id: 'replicate' }>): Promise<ModelCheck> {
  const client = new Replicate({ auth: c.apiToken, ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}) });
  const [owner, name] = c.model.split(':')[0]!.split('/') as [string, string];
  try {
    const m = (await client.models.get(owner, name, {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })) as ReplicateModelView;
    const input = m.latest_version?.openapi_schema?.components?.schemas?.Input?.properties;
    // Kontext edits `input_image`, Fill paints `image` under `mask`: a model with neither makes new pictures.
    if (input && !('input_image' in input) && !('image' in input))
      return { status: 'refused', model: c.model, reason: 'it takes no image to edit' };
    return { status: 'ok' };
  } catch (err) {
    return failed(c.model, err);
  }
}

export async function checkModel(config: EngineConfig, now = new Date()): Promise<ModelCheck> {
  switch (config.id) {
    case 'gemini':
      return checkGemini(config);
    case 'openai':
      return checkOpenAI(config, now.toISOString().slice(0, 10));
    case 'replicate':
      return checkReplicate(config);
    default:
      // The local, replay and self-hosted engines have no provider model to look up.
      return { status: 'ok' };
  }
}

const MODEL_VARIABLE: Partial<Record<EngineConfig['id'], string>> = {
  gemini: 'GEMINI_IMAGE_MODEL / GEMINI_TEXT_MODEL',
  openai: 'OPENAI_IMAGE_MODEL',
  replicate: 'REPLICATE_MODEL',
};

/** The one line printed when the server refuses to start. */
export const refusedLine = (config: EngineConfig, check: Extract<ModelCheck, { status: 'refused' }>) =>
  `STAGING_ENGINE=${config.id}: model "${check.model}" cannot be used: ${check.reason}. Set ${MODEL_VARIABLE[config.id] ?? 'the model'} to a current model (README, "Provider models").`;
