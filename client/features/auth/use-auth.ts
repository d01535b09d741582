import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { throwIfNotOk } from '#client/lib/api.ts';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export type AuthUser = CurrentUser;

/** The current user, or null when signed out (a 401 is an answer here, not an error). */
export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_KEY,
    // `optional=1` answers 200 null for visitors, so no 401 is logged in the console on every public page.
    queryFn: async () => {
      const res = await fetch('/api/auth/user?optional=1', { credentials: 'include' });
      if (res.status === 401) return null;
      await throwIfNotOk(res);
      return (await res.json()) as AuthUser | null;
    },
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
