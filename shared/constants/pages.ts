// Every page path of the site (wouter patterns: ":name" is one path segment). The client's route table
// (client/app/routes.tsx) takes its paths from here, and the server answers any other path with the
// client's 404 screen and a 404 status (decision 0121).

export const PAGE_PATHS = [
  '/',
  '/pricing',
  '/checkout/test/:sessionId',
  '/receipts/:id',
  '/dashboard',
  '/admin',
  '/help',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:token',
  '/reset-password',
  '/verify-email',
  '/features',
  '/examples',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const PATTERNS = PAGE_PATHS.map(
  (p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+').replace(/[.]/g, '\\.')}$`),
);

/** Whether `pathname` is one of the site's pages (as the client's router would match it). */
export const isPagePath = (pathname: string): boolean => PATTERNS.some((re) => re.test(pathname));
