import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '#client/lib/query-client.ts';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** Fields of the current user the pages read; the full shape lives in the shared user schema. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'user' | 'admin';
  subscriptionPlan: string;
}

/** The current user, or null when signed out (a 401 is an answer here, not an error). */
export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
