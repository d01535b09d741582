// The admin module's public interface.
export { insertAudit } from './audit.repo.ts';
