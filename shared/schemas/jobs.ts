import { z } from 'zod';

/** Where a staging job is: waiting in the queue, running on a worker, or settled. */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;

export const jobStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  state: z.enum(JOB_STATES),
  /** 1 = next to run; null unless queued. */
  queuePosition: z.number().int().nullable(),
  /** Seconds until the result is expected, from recent run times; null once settled. */
  estimatedWaitSeconds: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** GET /api/jobs/current: the user's newest single transformation that has not settled yet. */
export const currentJobSchema = z.object({ job: jobStatusSchema.nullable() });
export type CurrentJob = z.infer<typeof currentJobSchema>;
