// The catalog module's public interface: plans and credit packages.
export { findPackage, findPlan } from './catalog.repo.ts';
