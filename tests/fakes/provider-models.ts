// The models each fake provider knows, as the real services list them on 2026-11-26 (sources and
// dates in docs/decisions/0115-current-provider-models-and-engine-health.md). A model past its
// shutdown date, or not listed, is refused the way the real API refuses it, so a test that still
// names a retired model fails the way production would.

export interface FakeModel {
  /** ISO date from which the provider answers "not found". */
  shutdown?: string;
}

export interface GeminiModel extends FakeModel {
  /** Makes images (generateContent with IMAGE in responseModalities). */
  image: boolean;
}

export const GEMINI_MODELS: Record<string, GeminiModel> = {
  'gemini-3.1-flash-image': { image: true },
  'gemini-3-pro-image': { image: true },
  'gemini-3.5-flash-lite': { image: false },
  'gemini-3.1-flash-lite': { image: false },
  'gemini-2.5-flash-lite': { image: false },
  'gemini-2.5-flash': { image: false, shutdown: '2026-12-01' },
  'gemini-2.5-flash-image': { image: true, shutdown: '2026-10-02' },
};

export interface OpenAIModel extends FakeModel {
  /** Takes `input_fidelity` on /v1/images/edits; the others answer 400 invalid_input_fidelity_model. */
  inputFidelity: boolean;
}

export const OPENAI_MODELS: Record<string, OpenAIModel> = {
  'gpt-image-2': { inputFidelity: false },
  'gpt-image-1.5': { inputFidelity: true, shutdown: '2026-12-01' },
  'gpt-image-1-mini': { inputFidelity: false, shutdown: '2026-12-01' },
  'gpt-image-1': { inputFidelity: true, shutdown: '2026-10-23' },
};

/** The inputs a Replicate model's OpenAPI schema declares (what predictions are validated against). */
export interface ReplicateModel extends FakeModel {
  required: string[];
  properties: Record<string, { type: 'string' | 'integer'; enum?: string[]; format?: 'uri' }>;
}

const ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'];

export const REPLICATE_MODELS: Record<string, ReplicateModel> = {
  'black-forest-labs/flux-kontext-pro': {
    required: ['prompt'],
    properties: {
      prompt: { type: 'string' },
      input_image: { type: 'string', format: 'uri' },
      aspect_ratio: { type: 'string', enum: ['match_input_image', ...ASPECTS] },
      output_format: { type: 'string', enum: ['jpg', 'png'] },
      seed: { type: 'integer' },
    },
  },
  'black-forest-labs/flux-fill-pro': {
    required: ['prompt', 'image'],
    properties: {
      prompt: { type: 'string' },
      image: { type: 'string', format: 'uri' },
      mask: { type: 'string', format: 'uri' },
      output_format: { type: 'string', enum: ['jpg', 'png'] },
      seed: { type: 'integer' },
    },
  },
  // Text to image only: no image input, and no `match_input_image` aspect.
  'black-forest-labs/flux-schnell': {
    required: ['prompt'],
    properties: {
      prompt: { type: 'string' },
      aspect_ratio: { type: 'string', enum: ASPECTS },
      output_format: { type: 'string', enum: ['webp', 'jpg', 'png'] },
      seed: { type: 'integer' },
    },
  },
};

/** The model as the provider sees it today: undefined when unknown or shut down. */
export function liveModel<M extends FakeModel>(
  catalogue: Record<string, M>,
  id: string,
  today = new Date(),
): M | undefined {
  const m = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
  if (!m) return undefined;
  return m.shutdown && today.toISOString().slice(0, 10) >= m.shutdown ? undefined : m;
}
