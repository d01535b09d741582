export {
  createReplayEngine,
  ReplayEngine,
  NO_RECORDING_MESSAGE,
  type ReplayEngineOptions,
} from './replay-engine.ts';
export { listRecordings, type Recording } from './recordings.ts';
