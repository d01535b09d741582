// The billing module's public interface.
export { cancelForDeactivation, createPaymentProvider } from './billing.service.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { startTestSubscriptionJob } from './test-subscription-job.ts';
