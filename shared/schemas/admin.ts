import { z } from 'zod';
import { ROLES } from './user.ts';
import { TRANSFORMATION_STATUSES } from './staging.ts';

/** Most credits one grant may add. */
export const MAX_CREDIT_GRANT = 100_000;
/** Rows per page of every admin list (the first page is what GET answers without a cursor). */
export const ADMIN_PAGE_SIZE = 100;
/** Response header carrying the opaque cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

// ---- inputs ----

export const roleInputSchema = z.object({ role: z.enum(ROLES, { error: 'Role must be user or admin' }) });
export type RoleInput = z.infer<typeof roleInputSchema>;

export const statusInputSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type StatusInput = z.infer<typeof statusInputSchema>;

// z.number() refuses JSON strings such as "5", so only a real whole number in range is granted.
const creditsError = `Credits must be a whole number from 1 to ${MAX_CREDIT_GRANT.toLocaleString('en-US')}`;
export const creditsInputSchema = z.object({
  credits: z
    .number({ error: creditsError })
    .int(creditsError)
    .min(1, creditsError)
    .max(MAX_CREDIT_GRANT, creditsError),
});
export type CreditsInput = z.infer<typeof creditsInputSchema>;

export const transformationStatusInputSchema = z.object({
  status: z.enum(TRANSFORMATION_STATUSES, {
    error: 'Status must be pending, processing, completed or failed',
  }),
  errorMessage: z.string({ error: 'errorMessage must be text' }).trim().max(2000).optional(),
});
export type TransformationStatusInput = z.infer<typeof transformationStatusInputSchema>;

/** Query of every admin list: the cursor from X-Next-Cursor, a page size, and (users) a search text. */
export const adminListQuerySchema = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

// ---- outputs: the shapes the admin page reads ----

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  totalTransformations: z.number().int(),
  pendingTransformations: z.number().int(),
  usersWithCredits: z.number().int(),
  failedTransformations: z.number().int(),
  /** Not in the spec's shape: staging jobs queued or running, and those past their deadline or with a silent worker. */
  processingTransformations: z.number().int(),
  stuckTransformations: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /** free, pro or premium. */
  subscriptionPlan: z.string(),
  creditsBalance: z.number().int(),
  monthlyUsage: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminTransformationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  style: z.string(),
  roomType: z.string(),
  status: z.enum(TRANSFORMATION_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  regenerationCount: z.number().int(),
  /** Not in the spec's shape: shown in the Fix dialog so the operator sees why it failed. */
  errorMessage: z.string().nullable(),
  /** Not in the spec's shape: the owner's e-mail, shown instead of a bare id (lists only). */
  userEmail: z.string().nullable().optional(),
});
export type AdminTransformation = z.infer<typeof adminTransformationSchema>;

export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.status_changed',
  'user.credits_granted',
  'transformation.status_changed',
  'transformation.job_retried',
  'transformation.job_refunded',
  /** Written by the server itself (no admin): the staging engine became unusable or usable again. */
  'engine.unhealthy',
  'engine.healthy',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditLogSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  adminUserId: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetResourceId: z.string().nullable(),
  details: z.unknown(),
  /** Not in the spec's shape: e-mails of the admin and the target user, shown instead of bare ids. */
  adminEmail: z.string().nullable().optional(),
  targetUserEmail: z.string().nullable().optional(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

// ---- engine health (decision 0153) ----

/** The window of the console's latency and failure-rate figures. */
export const ENGINE_HEALTH_WINDOW_MS = 60 * 60 * 1000;
/** Per-run outcomes older than this are pruned. */
export const ENGINE_RUN_RETENTION_MS = 24 * 60 * 60 * 1000;

export const ENGINE_STATES = ['healthy', 'unhealthy'] as const;

export const engineHealthSchema = z.object({
  /** STAGING_ENGINE. */
  engine: z.string(),
  /** The configured provider model(s); null for engines without one (local, replay, http). */
  model: z.string().nullable(),
  state: z.enum(ENGINE_STATES),
  /** ISO 8601: when the state last changed. */
  since: z.string(),
  lastCheckedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z
    .object({
      at: z.string(),
      /** Log-safe provider code, e.g. "OpenAI HTTP 404 model_not_found". */
      providerCode: z.string(),
      message: z.string(),
    })
    .nullable(),
  lastHour: z.object({
    runs: z.number().int(),
    failures: z.number().int(),
    /** Failed runs / runs, 0..1; null without runs. */
    failureRate: z.number().nullable(),
    /** Latency of successful runs, milliseconds; null without any. */
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
  }),
});
export type EngineHealth = z.infer<typeof engineHealthSchema>;
