import { z } from 'zod';

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number(),
  yearlyPrice: z.number().nullable(),
  monthlyTransformations: z.number().int(),
  features: z.array(z.string()),
  isActive: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  credits: z.number().int(),
  price: z.number(),
  pricePerCredit: z.number(),
  isActive: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const subscriptionPlanListSchema = z.array(subscriptionPlanSchema);
export const creditPackageListSchema = z.array(creditPackageSchema);
