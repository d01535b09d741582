import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { getQueryFn } from '#client/lib/query-client.ts';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export type AuthUser = CurrentUser;

/** The current user, or null when signed out (a 401 is an answer here, not an error). */
export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
