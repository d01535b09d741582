import { Link } from 'wouter';
import { ArrowRight, Sparkles } from 'lucide-react';
import { ComparisonSlider } from '#client/components/comparison-slider.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { HeroBadges } from '#client/features/marketing/hero-badges.tsx';
import { PAIRS } from '#client/features/marketing/gallery.ts';
import { STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';

const hero = PAIRS.diningRoom;

export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-secondary/80 via-background to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[1fr_1.15fr] lg:px-8 lg:py-20">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
            <Sparkles className="size-3.5" aria-hidden /> AI virtual staging
          </p>
          <h1 className="mt-4 text-4xl font-bold leading-[1.1] tracking-tight text-foreground sm:text-5xl">
            Furnish empty listings in seconds, not days
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Upload a photo of a vacant room, pick one of {STYLE_COUNT_WORDS} design styles and download a
            staged, MLS-ready image. Walls, windows and doors stay exactly as they are.
          </p>
          <HeroBadges className="mt-6" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#stage">
                Stage a room now <ArrowRight aria-hidden />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/examples">See examples</Link>
            </Button>
          </div>
        </div>
        <div className="relative">
          <ComparisonSlider
            beforeSrc={hero.beforeImage}
            afterSrc={hero.afterImage}
            beforeAlt="Empty dining room with a chandelier and a large window, before staging"
            afterAlt="The same dining room staged with a modern table, chairs, sideboard and wall art"
            width={hero.width}
            height={hero.height}
            loading="eager"
            label="Hero before and after comparison"
            className="rounded-2xl shadow-xl ring-1 ring-black/5"
          />
        </div>
      </div>
    </section>
  );
}
