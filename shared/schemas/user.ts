import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/auth/user: the signed-in user. Never carries the password hash or any token. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  subscriptionPlan: z.string(),
  subscriptionStatus: z.string(),
  creditsBalance: z.number().int(),
  monthlyUsage: z.number().int(),
  /** ISO 8601. */
  usageResetDate: z.string().nullable(),
  emailVerified: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
