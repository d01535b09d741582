// The payment provider interface lives with the app context (server/ports/, decision 0197).
export type * from '../../ports/payment-provider.ts';
