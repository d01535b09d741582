// The public-links module's public interface: public original pages (issue 32, decision 0185).
export { publicLinksRoutes } from './public-links.routes.ts';
export { publicPageRoutes } from './public-page.routes.ts';
export { liveLinkFor, liveListingLink, pageUrl, shortLink } from './public-links.service.ts';
