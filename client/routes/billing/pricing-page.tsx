import { BadgeDollarSign } from 'lucide-react';
import { ARRANGE_PRICING_NOTE } from '#shared/constants/layout.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { CreditsSection } from '#client/features/billing/components/credits-section.tsx';
import { PlansSection } from '#client/features/billing/components/plans-section.tsx';
import { PageHero } from '#client/features/marketing/page-hero.tsx';
import { Section } from '#client/features/marketing/section.tsx';
import { STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';

export default function PricingPage() {
  usePageMeta(
    'Pricing',
    'Roomstage plans and pay-as-you-go credits for AI virtual staging. Start free, upgrade any time.',
  );
  return (
    <>
      <PageHero
        size="sm"
        eyebrow={
          <>
            <BadgeDollarSign className="size-4 text-brand-accent" aria-hidden /> Simple, transparent pricing
          </>
        }
        title="Choose Your Plan"
        description={`Start free, upgrade when your listings need more. Every plan includes all ${STYLE_COUNT_WORDS} design styles and full-resolution downloads.`}
      />
      <Section className="pt-12 sm:pt-16" labelledBy="plans-title">
        <h2 id="plans-title" className="sr-only">
          Subscription plans
        </h2>
        <PlansSection />
        {/* Arranging a staging by hand is free and previews are limited (issue 31): said where prices are. */}
        <p
          className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground"
          data-testid="arrange-note"
        >
          {ARRANGE_PRICING_NOTE}
        </p>
      </Section>
      <Section id="credits" tone="muted" labelledBy="credits-title" className="scroll-mt-20">
        <CreditsSection />
      </Section>
    </>
  );
}
