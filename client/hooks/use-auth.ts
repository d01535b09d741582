import { useQuery } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser } from '#shared/schemas/user.ts';
import { ApiError, apiParsed } from '#client/lib/api.ts';
import { QUERY_KEYS } from '#client/lib/query-keys.ts';

/** A visitor is an answer here, not an error: null. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    // `optional=1` answers 200 null for visitors, so no 401 is logged in the console on every public page.
    return await apiParsed(currentUserSchema.nullable(), 'GET', '/api/auth/user?optional=1');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The current user, or null when signed out. Every feature reads the session through this one hook. */
export function useAuth() {
  const { data, isLoading } = useQuery({ queryKey: QUERY_KEYS.authUser, queryFn: fetchCurrentUser });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
