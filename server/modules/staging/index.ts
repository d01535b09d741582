// The staging module's public interface: its routes, and charging a run or settling a failed one.
export {
  chargeForTransformation,
  chargeInTransaction,
  completeRun,
  failAndRefund,
  type ChargeRequest,
  type Failure,
} from './charge.ts';
export { stagingRoutes } from './staging.routes.ts';
export { checkImageHeader } from './transform-prechecks.ts';
