// The health module's public interface.
export { healthRoutes } from './health.routes.ts';
