// The billing module's public interface.
export { billingRoutes } from './billing.routes.ts';
export { cancelForDeactivation, createPaymentProvider } from './billing.service.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { testCheckoutRoutes } from './test-checkout.routes.ts';
export { startTestSubscriptionJob } from './test-subscription-job.ts';
