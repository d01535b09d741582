// Figures the site and the API state in words, each derived from the rule it describes, so a changed
// limit changes every sentence that names it (docs/decisions/0163-figures-derived-from-rules.md).
import { FREE_REGENERATIONS } from '#shared/rules/credits.ts';
import { UNLIMITED } from './plans.ts';
import { MAX_UPLOAD_BYTES, STYLES } from './staging.ts';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** Small counts in words, as the site's copy writes them ("six design styles"). */
export const inWords = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** "10MB": the spec's spelling of the upload limit. */
export const MAX_UPLOAD_LABEL = `${MAX_UPLOAD_BYTES / (1024 * 1024)}MB`;
/** The spec's message for a photo over the limit, on the client and the server alike. */
export const UPLOAD_SIZE_ERROR = `File size must be less than ${MAX_UPLOAD_LABEL}.`;

/** "six": how many design styles there are, in words. */
export const STYLE_COUNT_WORDS = inWords(STYLES.length);
/** "Six", to open a sentence or a title. */
export const STYLE_COUNT_TITLE = STYLE_COUNT_WORDS.charAt(0).toUpperCase() + STYLE_COUNT_WORDS.slice(1);
/** "All 6 design styles", as a plan's feature list says it. */
export const ALL_STYLES_FEATURE = `All ${STYLES.length} design styles`;

/** "2 free regenerations per photo". */
export const FREE_REGENERATIONS_FEATURE = `${FREE_REGENERATIONS} free regenerations per photo`;
/** "2 free": the short form for figures. */
export const FREE_REGENERATIONS_SHORT = `${FREE_REGENERATIONS} free`;

/** A plan's monthly allowance in words: "3 transformations per month" or "Unlimited transformations". */
export const monthlyAllowanceLabel = (monthlyTransformations: number) =>
  monthlyTransformations === UNLIMITED
    ? 'Unlimited transformations'
    : `${monthlyTransformations} transformations per month`;
