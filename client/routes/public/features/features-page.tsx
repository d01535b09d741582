import { Sparkles } from 'lucide-react';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { AudienceActions } from '#client/features/marketing/audience-actions.tsx';
import { CtaSection } from '#client/features/marketing/cta-section.tsx';
import { PageHero } from '#client/features/marketing/page-hero.tsx';
import { StatsStrip } from '#client/features/marketing/stats-strip.tsx';
import { FeatureGrid, HowItWorks, RoomTypesGrid } from './features-sections.tsx';
import { STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';

// Marketing claims (copy, not measured behaviour).
const HERO_STATS = [
  { value: '2-3s', label: 'per image' },
  { value: '6', label: 'design styles' },
  { value: '6-25%', label: 'higher sale prices' },
  { value: '24h', label: 'support replies' },
] as const;

export default function FeaturesPage() {
  usePageMeta(
    'Features',
    `AI virtual staging for real estate: results in seconds, 3D-aware furniture placement, ${STYLE_COUNT_WORDS} design styles, MLS-ready disclosure and full-resolution downloads.`,
  );
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Sparkles className="size-4 text-brand-accent" aria-hidden /> AI virtual staging for real estate
          </>
        }
        title="Everything You Need to Stage Listings in Seconds"
        description="Turn photos of empty rooms into beautifully furnished spaces that help buyers fall in love, without renting a single piece of furniture."
      >
        <AudienceActions
          visitor={[
            { href: '/register', label: 'Get Started Free' },
            { href: '/examples', label: 'View Examples' },
          ]}
        />
        <StatsStrip stats={HERO_STATS} className="mt-12" />
      </PageHero>
      <FeatureGrid />
      <RoomTypesGrid />
      <HowItWorks />
      <CtaSection
        title="Ready to Transform Your Listings?"
        description="Stage your first rooms free today and see why agents are replacing traditional staging with Roomstage."
        visitor={[
          { href: '/register', label: 'Start Free Trial' },
          { href: '/pricing', label: 'View Pricing' },
        ]}
      />
    </>
  );
}
