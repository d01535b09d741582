import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminStatsSchema,
  adminTransformationSchema,
  adminUserSchema,
  auditLogSchema,
  engineHealthSchema,
  NEXT_CURSOR_HEADER,
} from '#shared/schemas/admin.ts';
import { getParsed, apiRequest, parseResponse } from '#client/lib/api.ts';

// Every key starts with the endpoint, so invalidating ['/api/admin/users'] refreshes each search too.
export const ADMIN_KEYS = {
  stats: ['/api/admin/stats'] as const,
  users: ['/api/admin/users'] as const,
  transformations: ['/api/admin/transformations'] as const,
  auditLogs: ['/api/admin/audit-logs'] as const,
  engineHealth: ['/api/admin/engine-health'] as const,
};

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of an admin list: the body is the spec's array, the next cursor comes in a header. */
async function fetchPage<T>(
  row: z.ZodType<T>,
  url: string,
  cursor: string | null,
  search?: string,
): Promise<Page<T>> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (search) params.set('search', search);
  const qs = params.toString();
  const request = qs ? `${url}?${qs}` : url;
  const res = await apiRequest('GET', request);
  return {
    items: parseResponse(z.array(row), `GET ${request}`, await res.json()),
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
  };
}

const listOptions = <T>(row: z.ZodType<T>, key: readonly [string], enabled: boolean, search = '') =>
  infiniteQueryOptions({
    queryKey: search ? [...key, { search }] : key,
    queryFn: ({ pageParam }) => fetchPage(row, key[0], pageParam, search),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
    enabled,
    select: (data) => data.pages.flatMap((p) => p.items),
  });

export const statsOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ADMIN_KEYS.stats,
    queryFn: getParsed(adminStatsSchema, ADMIN_KEYS.stats[0]),
    enabled,
  });

/** `enabled` is "the current user is an admin": nothing is requested before the role is known. */
export const useAdminStats = (enabled: boolean) => useQuery(statsOptions(enabled));
export const useAdminUsers = (enabled: boolean, search: string) =>
  useInfiniteQuery(listOptions(adminUserSchema, ADMIN_KEYS.users, enabled, search));
export const useAdminTransformations = (enabled: boolean) =>
  useInfiniteQuery(listOptions(adminTransformationSchema, ADMIN_KEYS.transformations, enabled));
export const useAdminAuditLogs = (enabled: boolean) =>
  useInfiniteQuery(listOptions(auditLogSchema, ADMIN_KEYS.auditLogs, enabled));

/** The engine entry; refreshed every minute while the console is open, so a state change shows up. */
export const useEngineHealth = (enabled: boolean) =>
  useQuery({
    queryKey: ADMIN_KEYS.engineHealth,
    queryFn: getParsed(engineHealthSchema, ADMIN_KEYS.engineHealth[0]),
    enabled,
    refetchInterval: 60_000,
  });
