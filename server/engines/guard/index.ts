// Public surface of the structure guard.
export { guardStructure, guardWorkCopy, DEFAULT_THRESHOLD } from './guard-structure.ts';
export { runWithGuard, RETRY_VARIANT_OFFSET } from './run-with-guard.ts';
export { REASON_TEXT, type Reason } from './score.ts';
export type { Decision } from './decide.ts';
export type { AlignmentReport } from './align.ts';
export type { GuardOptions, GuardResult, GuardedStaging } from './types.ts';
export { renderDelivery, encodeDelivery, trimmedCover, type Rendered, type EncodeOptions } from './render.ts';
export type { DeliveryPlan, DeliveryAction, CoverRender } from './plan.ts';
export { encodeCheckedDelivery, type CheckedDelivery } from './deliver.ts';
export { warpProblems, PROBLEM_TEXT, type DeliveryProblem } from './delivery-check.ts';
export { borderRuns, uncoveredBorders, type BorderFinding, type BorderRuns } from './border-scan.ts';
export { drawnFrom } from './drawn-from.ts';
