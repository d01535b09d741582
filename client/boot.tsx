import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './app/root.tsx';
import { takeEarlyClicks } from './lib/early-clicks.ts';
import { keepHiddenLayersInert } from './lib/inert-behind-modals.ts';
import './styles.css';

const container = document.getElementById('root')!;
// Clicks on buttons made before this script ran (the inline recorder in index.html); React's own
// listeners take over from here.
const early = takeEarlyClicks();
keepHiddenLayersInert();

// "/" arrives pre-rendered (scripts/prerender-home.mjs); every other path gets the empty shell.
if (container.hasChildNodes() && window.location.pathname === '/') {
  let replayed = false;
  const replay = () => {
    // Effects run twice in development (StrictMode); a tap must act once.
    if (replayed) return;
    replayed = true;
    for (const el of early) if (el.isConnected) el.click();
  };
  hydrateRoot(container, <Root onFirstCommit={replay} />, {
    // A mismatch makes React throw the pre-rendered HTML away and render again: say so loudly (the e2e
    // test for the pre-rendered home page fails on it).
    onRecoverableError: (error) => console.error('Hydration of the pre-rendered page failed:', error),
  });
} else {
  container.replaceChildren();
  createRoot(container).render(<Root />);
}
