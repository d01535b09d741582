import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '#client/hooks/use-auth.ts';
import { clearPendingWork, loadPendingWork, type PendingWork } from '#client/lib/pending-work.ts';

/**
 * Once the agent is signed in, puts back the photo and choices they had before being sent to sign in
 * (saved by the staging flow on a 401). Only on the page they were on; the record is used once.
 */
export function useRestorePendingWork(restore: (w: PendingWork) => void) {
  const { isAuthenticated } = useAuth();
  const [location] = useLocation();
  const done = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  useEffect(() => {
    if (!isAuthenticated || done.current) return;
    done.current = true;
    void loadPendingWork().then(async (w) => {
      if (!w || w.path !== location) return;
      await clearPendingWork();
      restoreRef.current(w);
      document.getElementById('stage')?.scrollIntoView({ block: 'start' });
    });
  }, [isAuthenticated, location]);
}
