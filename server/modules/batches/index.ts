// The batches module's public interface.
export { batchesRoutes } from './batches.routes.ts';
