// The payment provider's shapes live with the app context (server/ports/payment-provider.ts, decision
// 0197); the rules and errors every adapter shares stay here.
import type { SubscriptionInfo } from '../../ports/payment-provider.ts';

export type * from '../../ports/payment-provider.ts';

/** Statuses after which a subscription gives nothing any more. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired', 'unpaid']);
export const isEnded = (s: SubscriptionInfo) => ENDED_STATUSES.has(s.status);

export class PaymentDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
