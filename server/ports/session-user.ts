// The signed-in user as a request sees it (no password hash, no tokens). auth reads it
// (auth.repo.ts, SESSION_USER_COLUMNS); it lives here because the app context names it (decision 0197).
export interface SessionUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: string;
  subscriptionPlan: string;
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
  creditsBalance: number;
  monthlyUsage: number;
  usageResetDate: Date | null;
  emailVerified: boolean;
  isActive: boolean;
  deactivatedAt: Date | null;
  scheduledDeletionDate: Date | null;
  createdAt: Date;
}
