import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isSafeReturnPath, loadPendingWork } from '#client/lib/pending-work.ts';
import { useAuth } from '#client/hooks/use-auth.ts';

/** Where a signed-in visitor goes from a sign-in page: `?next=` when it is a path on this site, else the dashboard. */
export function afterSignInPath(search: string, pendingPath: string | null = null): string {
  const next = new URLSearchParams(search).get('next');
  if (next && isSafeReturnPath(next)) return next;
  if (pendingPath && isSafeReturnPath(pendingPath)) return pendingPath;
  return '/dashboard';
}

/**
 * Signed-in visitors have no business on the sign-in pages: send them on. Usually to the dashboard; back to
 * the page they came from when it sent them here with `?next=`, or when a photo is waiting there (a visitor
 * who registered first and signed in from the verification mail has no `next`).
 */
export function useRedirectIfAuthenticated() {
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!isAuthenticated) return;
    let live = true;
    void loadPendingWork().then((w) => {
      if (live) navigate(afterSignInPath(search, w?.path ?? null), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [isAuthenticated, navigate, search]);
}
