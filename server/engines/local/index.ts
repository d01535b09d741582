export { LocalEngine, createLocalEngine } from './engine.ts';
export type { StageOptions } from './stage.ts';
