// The engine-health module's public interface.
export {
  assertEngineHealthy,
  getEngineHealth,
  pruneEngineRuns,
  recordRun,
  runModelCheck,
  startEngineHealthJobs,
} from './engine-health.service.ts';
