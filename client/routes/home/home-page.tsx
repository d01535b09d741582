import { lazy, Suspense } from 'react';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { HomeHero } from './home-hero.tsx';

const BelowTheFold = lazy(() => import('./below-the-fold.tsx'));

export default function HomePage() {
  usePageMeta(
    'Roomstage – AI Virtual Staging for Real Estate',
    'Turn photos of empty rooms into beautifully furnished listings in seconds. Six design styles, MLS-ready downloads, no structural changes.',
  );
  return (
    <>
      <HomeHero />
      {/* The hero paints first; the sections below arrive a moment later (they start out of view). */}
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
