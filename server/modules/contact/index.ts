// The contact module's public interface.
export { contactRoutes } from './contact.routes.ts';
