// The model check asks each provider's models endpoint through the real SDK (against the fakes),
// and a server configured with a retired model stops at start with one line.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini } from '#tests/fakes/gemini-server.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai-server.ts';
import { startFakeReplicate, type FakeReplicate } from '#tests/fakes/replicate-server.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { checkModel } from './model-check.ts';
import { DEFAULT_MODELS } from './provider-models.ts';

let gemini: FakeGemini;
let openai: FakeOpenAI;
let replicate: FakeReplicate;
beforeAll(async () => {
  [gemini, openai, replicate] = await Promise.all([
    startFakeGemini(),
    startFakeOpenAI(),
    startFakeReplicate(),
  ]);
});
afterAll(() => Promise.all([gemini.close(), openai.close(), replicate.close()]));

const TODAY = new Date('2026-11-26T12:00:00Z');
const geminiConfig = (imageModel: string) => ({
  id: 'gemini' as const,
  apiKey: gemini.apiKey,
  baseUrl: gemini.baseUrl,
  imageModel,
  textModel: DEFAULT_MODELS.geminiText,
  timeoutMs: 5000,
});
const openaiConfig = (model: string) => ({
  id: 'openai' as const,
  apiKey: openai.apiKey,
  baseUrl: openai.baseUrl,
  model,
  quality: 'high' as const,
  timeoutMs: 5000,
});
const replicateConfig = (model: string) => ({
  id: 'replicate' as const,
  apiToken: replicate.token,
  baseUrl: replicate.baseUrl,
  model,
  timeoutMs: 5000,
  pollIntervalMs: 50,
});

describe('checkModel', () => {
  it('accepts the default models and refuses retired ones (Gemini models.get)', async () => {
    expect(await checkModel(geminiConfig(DEFAULT_MODELS.geminiImage), TODAY)).toEqual({ status: 'ok' });
    expect(gemini.retrieved.slice(-2)).toEqual([DEFAULT_MODELS.geminiImage, DEFAULT_MODELS.geminiText]);
    expect(await checkModel(geminiConfig('gemini-2.5-flash-image'), TODAY)).toMatchObject({
      status: 'refused',
      model: 'gemini-2.5-flash-image',
    });
  });

  it('refuses an unknown model and one past its shutdown_date (OpenAI models.retrieve)', async () => {
    expect(await checkModel(openaiConfig(DEFAULT_MODELS.openaiImage), TODAY)).toEqual({ status: 'ok' });
    expect(await checkModel(openaiConfig('gpt-image-1'), TODAY)).toMatchObject({ status: 'refused' });
    expect(openai.retrieved.at(-1)).toBe('gpt-image-1');
  });

  it('refuses an unknown model and one that takes no image (Replicate models.get)', async () => {
    expect(await checkModel(replicateConfig(DEFAULT_MODELS.replicate), TODAY)).toEqual({ status: 'ok' });
    expect(await checkModel(replicateConfig('black-forest-labs/flux-fill-pro'), TODAY)).toEqual({
      status: 'ok',
    });
    expect(await checkModel(replicateConfig('black-forest-labs/flux-schnell'), TODAY)).toMatchObject({
      status: 'refused',
      reason: 'it takes no image to edit',
    });
    expect(await checkModel(replicateConfig('black-forest-labs/gone'), TODAY)).toMatchObject({
      status: 'refused',
    });
  });

  it('says "unknown", not "refused", when the provider cannot be asked', async () => {
    expect(await checkModel({ ...openaiConfig('gpt-image-2'), apiKey: 'sk-wrong' }, TODAY)).toEqual({
      status: 'unknown',
      reason: 'HTTP 401',
    });
  });
});

describe('start with a retired model', () => {
  it('prints one line and exits 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: fromRoot(),
      env: {
        STAGING_ENGINE: 'openai',
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_IMAGE_MODEL: 'gpt-image-1',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'STAGING_ENGINE=openai: model "gpt-image-1" cannot be used: the provider does not know it (HTTP 404). Set OPENAI_IMAGE_MODEL to a current model (README, "Provider models").',
    ]);
  }, 60_000);
});
