import { StrictMode, useEffect } from 'react';
import { App } from './app.tsx';

/** Runs once, after the first commit (for a hydrated page: once the pre-rendered HTML is live). */
function AfterFirstCommit({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}

/**
 * The whole tree as both the build-time pre-render (client/prerender.tsx) and the browser (client/boot.tsx)
 * render it: hydration needs the same tree on both sides, down to the components that render nothing.
 */
export function Root({ onFirstCommit }: { onFirstCommit?: () => void }) {
  return (
    <StrictMode>
      <App />
      <AfterFirstCommit run={onFirstCommit} />
    </StrictMode>
  );
}
