// The site-config module's public interface.
export { siteConfigRoutes } from './site-config.routes.ts';
export { supportFeature } from './site-config.service.ts';
