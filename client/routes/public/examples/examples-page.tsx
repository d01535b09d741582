import { useState } from 'react';
import { Link } from 'wouter';
import { Images } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { CtaSection } from '#client/features/marketing/cta-section.tsx';
import { ExampleCard } from '#client/features/marketing/example-card.tsx';
import { ExampleComparison } from '#client/features/marketing/example-comparison.tsx';
import { ExampleDialog } from '#client/features/marketing/example-dialog.tsx';
import { EXAMPLES, type Example } from '#client/features/marketing/gallery.ts';
import { PageHero } from '#client/features/marketing/page-hero.tsx';
import { Section } from '#client/features/marketing/section.tsx';
import { SectionHeading } from '#client/components/section-heading.tsx';
import { StatsStrip } from '#client/features/marketing/stats-strip.tsx';
import { ENGINE_ASSETS } from '#shared/constants/engine-assets.ts';
import { FREE_REGENERATIONS_SHORT } from '#shared/constants/figures.ts';
import { STYLES } from '#shared/constants/staging.ts';

const STATS = [
  { value: '2-3s', label: 'processing time' },
  { value: String(STYLES.length), label: 'styles' },
  { value: '100%', label: 'MLS compliant' },
  { value: FREE_REGENERATIONS_SHORT, label: 'regenerations per photo' },
] as const;

const featured = EXAMPLES.slice(0, 3);
const extra = EXAMPLES[3]!;

export default function ExamplesPage() {
  usePageMeta(
    'Examples',
    'Before and after virtual staging examples: living rooms, bedrooms and dining rooms staged by Roomstage.',
  );
  const { isAuthenticated, isLoading } = useAuth();
  const [open, setOpen] = useState<Example | null>(null);
  const visitor = !isLoading && !isAuthenticated;

  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Images className="size-4 text-brand-accent" aria-hidden /> Real rooms, staged by Roomstage
          </>
        }
        title="Virtual Staging Examples"
        description="Every image here is a real empty room staged by our engine. Open any example to compare before and after, or drag the slider on the loft below."
      >
        {visitor && (
          <Button asChild size="lg">
            <Link href="/register">Stage Your First Room Free</Link>
          </Button>
        )}
      </PageHero>
      <Section labelledBy="gallery-heading">
        <SectionHeading
          id="gallery-heading"
          title="Before and After Gallery"
          description="Open any room for the full comparison and details."
        />
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((e) => (
            <ExampleCard key={e.id} example={e} onOpen={() => setOpen(e)} />
          ))}
        </div>
        <div className="mt-12 grid items-center gap-8 rounded-2xl border bg-card p-4 shadow-sm sm:p-6 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <h3 className="text-2xl font-semibold tracking-tight">{extra.title}</h3>
            <p className="mt-3 text-muted-foreground">{extra.description}</p>
            <Button variant="outline" className="mt-5" onClick={() => setOpen(extra)}>
              View Details
            </Button>
          </div>
          <ExampleComparison example={extra} className="max-h-[560px] rounded-xl bg-muted" />
        </div>
      </Section>
      <Section tone="muted" labelledBy="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Roomstage in numbers
        </h2>
        <StatsStrip stats={STATS} />
      </Section>
      <CtaSection
        title="Ready to stage your own listings?"
        description="Upload a photo of an empty room and see it furnished in seconds."
        visitor={[
          { href: '/register', label: 'Start Free Trial' },
          { href: '/features', label: 'View All Features' },
        ]}
      />
      <Section labelledBy="credits-heading">
        <h2 id="credits-heading" className="text-sm font-semibold">
          Photo credits
        </h2>
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground">
          {EXAMPLES.map((e) => (
            <li key={e.id}>
              {e.title}: photo by{' '}
              <a
                href={e.credit.url}
                className="underline underline-offset-2"
                rel="noopener noreferrer"
                target="_blank"
              >
                {e.credit.author}
              </a>{' '}
              ({e.credit.licence} licence), staged by Roomstage.
            </li>
          ))}
        </ul>
        <h2 id="materials-credits-heading" className="mt-6 text-sm font-semibold">
          Material credits
        </h2>
        <p className="mt-2 text-xs text-muted-foreground">
          The furniture our own engine renders is dressed with these scanned textures:
        </p>
        <ul
          aria-labelledby="materials-credits-heading"
          className="mt-2 space-y-1 text-xs text-muted-foreground"
        >
          {ENGINE_ASSETS.map((a) => (
            <li key={a.title}>
              {a.title}: by {a.author}, {a.source}, {a.licence}.
            </li>
          ))}
        </ul>
      </Section>
      <ExampleDialog
        example={open}
        onClose={() => setOpen(null)}
        actions={
          visitor ? (
            <Button asChild>
              <Link href="/register">Get Started Free</Link>
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
