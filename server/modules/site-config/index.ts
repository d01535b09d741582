// The site-config module's public interface.
export { supportFeature } from './site-config.service.ts';
