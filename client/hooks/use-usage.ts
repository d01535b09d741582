import { useQuery } from '@tanstack/react-query';
import { usageSchema } from '#shared/schemas/staging.ts';
import { getParsed } from '#client/lib/api.ts';
import { QUERY_KEYS } from '#client/lib/query-keys.ts';

/** The signed-in user's monthly usage, limit and credits: read by the dashboard, billing and the staging tool. */
export const useUsage = (enabled = true) =>
  useQuery({ queryKey: QUERY_KEYS.usage, queryFn: getParsed(usageSchema, QUERY_KEYS.usage[0]), enabled });
