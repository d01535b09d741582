// The engine-health module's public interface.
export { engineHealthRoutes } from './engine-health.routes.ts';
export {
  assertEngineHealthy,
  getEngineHealth,
  pruneEngineRuns,
  recordRun,
  runModelCheck,
  startEngineHealthJobs,
} from './engine-health.service.ts';
