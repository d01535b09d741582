// The credits module owns money: the monthly allowance, credits, the append-only credit ledger,
// charges and refunds. Other modules call these functions and never touch its columns or tables.
export { creditFiguresOf, usersWithCredits, type CreditFigures } from './account.repo.ts';
export { addMonths } from './billing-period.ts';
export {
  canPayNewRun,
  chargeTransformation,
  refundTransformation,
  type Charge,
  type ChargeRequest,
} from './charge.service.ts';
export {
  applyCreditChange,
  creditsBalance,
  findLedgerEntry,
  ledgerSum,
  type CreditChange,
} from './ledger.repo.ts';
export { getUsage, startAllowancePeriod } from './usage.service.ts';
export { startUsageResetJob } from './usage-reset-job.ts';
