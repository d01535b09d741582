// The gemini engine pointed at the fake Gemini server, as the gemini stage and error tests build it.
import { createGeminiEngine, type GeminiEngineOptions } from '#server/engines/gemini/index.ts';
import { DEFAULT_MODELS } from '#server/engines/provider-models.ts';
import type { FakeGemini } from '#tests/fakes/gemini-server.ts';

export const geminiEngine = (fake: FakeGemini, opts: Partial<GeminiEngineOptions> = {}) =>
  createGeminiEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    imageModel: DEFAULT_MODELS.geminiImage,
    textModel: DEFAULT_MODELS.geminiText,
    timeoutMs: 5000,
    ...opts,
  });
