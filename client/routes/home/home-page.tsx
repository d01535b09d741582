import { lazy, Suspense } from 'react';
import { SectionHeading } from '#client/components/section-heading.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { handOverEarlyFile } from '#client/features/staging/early-file.ts';
import { MAX_UPLOAD_LABEL, UPLOAD_ACCEPT } from '#client/features/staging/upload-validation.ts';
import { STYLE_COUNT_TITLE } from '#shared/constants/figures.ts';
import { useHydrated } from '#client/hooks/use-hydrated.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { HomeHero } from './home-hero.tsx';

const BelowTheFold = lazy(() => import('./below-the-fold.tsx'));

/**
 * Holds the place of the sections below the hero while their chunk loads (they start out of view). It is
 * in the pre-rendered HTML, so its Choose File is a real file input from the first paint: a photo chosen
 * before the scripts run is kept by the browser and handed to the staging tool when it mounts (issue 34).
 */
function Placeholder() {
  // React 19 calls the returned function when the input leaves the page.
  const keep = (input: HTMLInputElement | null) => (input ? () => handOverEarlyFile(input) : undefined);
  return (
    <div className="min-h-screen" aria-busy="true">
      <section aria-labelledby="stage-early-heading" className="bg-background py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="stage-early-heading"
            title="Stage Your Property"
            description="Upload a photo of an empty room. We check it, you pick the room type and a style, and the staged photo is ready in seconds."
          />
          <div className="mt-10 flex flex-col items-center rounded-xl border-2 border-dashed border-input bg-card px-6 py-12 text-center sm:py-16 lg:w-[58%]">
            <p className="text-lg font-semibold">Choose a photo of an empty room</p>
            <label
              className={buttonVariants({
                className:
                  'mt-6 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              })}
            >
              <input
                type="file"
                accept={UPLOAD_ACCEPT}
                className="sr-only"
                ref={keep}
                data-testid="early-file"
              />
              Choose File
            </label>
            <p className="mt-4 text-xs text-muted-foreground">Supports JPEG, PNG (max {MAX_UPLOAD_LABEL})</p>
          </div>
        </div>
      </section>
    </div>
  );
}

export default function HomePage() {
  usePageMeta(
    'Roomstage – AI Virtual Staging for Real Estate',
    `Turn photos of empty rooms into beautifully furnished listings in seconds. ${STYLE_COUNT_TITLE} design styles, MLS-ready downloads, no structural changes.`,
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
