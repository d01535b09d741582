// Content Credentials (C2PA) in every delivered JPEG (issue 32 item 5, decision 0190): what the signed
// manifest says about a staged photo. The words are what a credentials viewer (a portal, a browser
// extension, contentcredentials.org/verify) shows to a buyer, so they live here with the other copy.

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/**
 * IPTC digital source types (https://cv.iptc.org/newscodes/digitalsourcetype/) for a photo with
 * furniture added. The Roomstage engine draws computer-generated 3D pieces into the photo:
 * "compositeSynthetic" (a composite of several elements, at least one synthetic). The provider engines
 * repaint the photo with a generative model: "compositeWithTrainedAlgorithmicMedia" (trained
 * algorithmic media composited with the captured photo, as in inpainting).
 */
export const DIGITAL_SOURCE_TYPES = {
  composite3d: `${IPTC}compositeSynthetic`,
  generative: `${IPTC}compositeWithTrainedAlgorithmicMedia`,
} as const;

/** Engines that draw the pieces themselves; every other engine (and an unknown one) is generative. */
const COMPOSITE_3D_ENGINES: readonly string[] = ['local'];

export function digitalSourceTypeOf(engine: string | null | undefined): string {
  return engine && COMPOSITE_3D_ENGINES.includes(engine)
    ? DIGITAL_SOURCE_TYPES.composite3d
    : DIGITAL_SOURCE_TYPES.generative;
}

/** The engine's name as the manifest's software agent. */
export const ENGINE_AGENT_NAMES: Record<string, string> = {
  local: 'Roomstage staging engine',
  gemini: 'Google Gemini image model',
  openai: 'OpenAI image model',
  replicate: 'Replicate-hosted image model',
  http: 'Self-hosted image model',
  replay: 'Recorded model results',
};

export const engineAgentName = (engine: string | null | undefined): string =>
  (engine && ENGINE_AGENT_NAMES[engine]) || 'Staging engine';

/** The claim generator (the software that signs) as credentials viewers name it. */
export const CLAIM_GENERATOR = 'Roomstage';

/** Our own assertion: the engine and the structure guard's verdict. Labels are reverse-domain. */
export const STAGING_ASSERTION_LABEL = 'app.roomstage.staging';

/** The help page's sentence on what a download carries (the MLS answer of the FAQ). */
export const CREDENTIALS_HELP =
  'Downloads also carry signed Content Credentials (C2PA): a record inside the file that says the photo was virtually staged, which sites and browsers that read Content Credentials can show.';

export const CREDENTIAL_TEXT = {
  edited:
    'Virtually staged: furniture and decor were added digitally; the room itself is shown unaltered in the original.',
  opened: 'The unaltered photo the agent uploaded.',
  originalTitle: 'Original photo',
} as const;
