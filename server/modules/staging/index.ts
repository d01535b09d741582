// The staging module's public interface: its routes and the image header check (charging a run and
// settling a failed one are the jobs module's: jobs/charge.ts).
export { checkImageHeader } from './transform-prechecks.ts';
