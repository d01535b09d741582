// The staging module's public interface: the image header check (routes are mounted from app.ts; charging a run and
// settling a failed one are the jobs module's: jobs/charge.ts).
export { checkImageHeader } from './transform-prechecks.ts';
