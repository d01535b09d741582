// The admin module's public interface.
export { adminRoutes } from './admin.routes.ts';
export { insertAudit } from './audit.repo.ts';
