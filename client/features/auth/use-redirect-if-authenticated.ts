import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from './use-auth.ts';

/** Signed-in visitors have no business on the sign-in pages: send them to their dashboard. */
export function useRedirectIfAuthenticated() {
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (isAuthenticated) navigate('/dashboard', { replace: true });
  }, [isAuthenticated, navigate]);
}
