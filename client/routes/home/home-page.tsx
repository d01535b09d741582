import { lazy, Suspense } from 'react';
import { useHydrated } from '#client/hooks/use-hydrated.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { HomeHero } from './home-hero.tsx';

const BelowTheFold = lazy(() => import('./below-the-fold.tsx'));

/** Holds the place of the sections below the hero while their chunk loads (they start out of view). */
function Placeholder() {
  return <div className="min-h-screen" aria-busy="true" />;
}

export default function HomePage() {
  usePageMeta(
    'Roomstage – AI Virtual Staging for Real Estate',
    'Turn photos of empty rooms into beautifully furnished listings in seconds. Six design styles, MLS-ready downloads, no structural changes.',
  );
  // The pre-rendered HTML of "/" ends with the placeholder (the staging tool reads the browser's saved
  // work and the session, which a build cannot know). The first client render must match it, so the
  // lazy section is mounted by the render React does right after hydrating.
  const mounted = useHydrated();
  return (
    <>
      <HomeHero />
      {mounted ? (
        <Suspense fallback={<Placeholder />}>
          <BelowTheFold />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </>
  );
}
