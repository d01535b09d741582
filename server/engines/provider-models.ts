// Which provider model each generative engine uses unless the operator names another, and which
// parameters each model takes. Checked against each provider's published model list on 2026-11-26
// (docs/decisions/0115-current-provider-models-and-engine-health.md; README "Provider models").

export const DEFAULT_MODELS = {
  /** GA successor of gemini-2.5-flash-image, which was shut down on 2026-10-02. */
  geminiImage: 'gemini-3.1-flash-image',
  /** Google's named replacement for gemini-2.5-flash (retiring 2026-12-01); takes a JSON response schema. */
  geminiText: 'gemini-3.5-flash-lite',
  /** gpt-image-1 is shut down; gpt-image-1.5 and gpt-image-1-mini shut down on 2026-12-01. */
  openaiImage: 'gpt-image-2',
  replicate: 'black-forest-labs/flux-kontext-pro',
} as const;

/**
 * `input_fidelity` keeps the photo's own detail where the mask lets the model paint. Only gpt-image-1
 * and gpt-image-1.5 (and their dated snapshots) take it: gpt-image-1-mini and the gpt-image-2 family
 * answer 400 `invalid_input_fidelity_model`, so an unknown model is not sent it either.
 */
export const takesInputFidelity = (model: string): boolean =>
  /^gpt-image-1(\.5)?(-\d{4}-\d{2}-\d{2})?$/.test(model);
