// The staging tool's view of its job while POST /api/transform-room waits: the request has no id to
// ask about until it answers, so it asks for the user's current job (GET /api/jobs/current).
import { useQuery } from '@tanstack/react-query';
import { currentJobSchema, type JobStatus } from '#shared/schemas/jobs.ts';
import { ApiError, apiJson } from '#client/lib/api.ts';

export const CURRENT_JOB_KEY = ['/api/jobs/current'] as const;
const POLL_MS = 1500;

/** The waiting job's state, position and estimate; null when there is none (or nobody is signed in). */
export function useCurrentJob(enabled: boolean) {
  return useQuery({
    queryKey: CURRENT_JOB_KEY,
    queryFn: async (): Promise<JobStatus | null> => {
      try {
        return currentJobSchema.parse(await apiJson('GET', CURRENT_JOB_KEY[0])).job;
      } catch (err) {
        // Signed out: the transform itself answers with the sign-in prompt; nothing to show here.
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: enabled ? POLL_MS : false,
  });
}
