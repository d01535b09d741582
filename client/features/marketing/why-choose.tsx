import { Award, Box, Download, PiggyBank, Smartphone, TrendingUp } from 'lucide-react';
import { FeatureCard } from './feature-card.tsx';
import { Section } from './section.tsx';
import { SectionHeading } from '#client/components/section-heading.tsx';

const REASONS = [
  {
    icon: Award,
    title: 'Professional Results',
    text: 'Magazine-quality staging with furniture, decor and lighting that look like they belong in the room.',
  },
  {
    icon: TrendingUp,
    title: 'Increase Property Value',
    text: 'Staged homes sell for 6-25% more. Help buyers picture themselves living in the space.',
  },
  {
    icon: PiggyBank,
    title: 'Cost Effective',
    text: 'A fraction of the cost of physical staging: no furniture rental, movers or storage fees.',
  },
  {
    icon: Box,
    title: '3D-Aware Processing',
    text: 'Our AI reads depth and perspective, so furniture sits on the floor at the right scale and walls, windows and doors stay as they are.',
  },
  {
    icon: Smartphone,
    title: 'Mobile Optimized',
    text: 'Upload straight from your phone at the showing and share staged photos from anywhere.',
  },
  {
    icon: Download,
    title: 'High-Res Downloads',
    text: 'Download full-resolution JPEGs named after your listing; Pro and Premium add a 2x high-res copy for print.',
  },
] as const;

/** Home page section #features, "Why Choose Roomstage": six reasons. */
export function WhyChoose() {
  return (
    <Section id="features" labelledBy="why-choose-title">
      <SectionHeading
        id="why-choose-title"
        eyebrow="Why agents switch"
        title="Why Choose Roomstage"
        description="Everything you need to market vacant listings beautifully, without the cost and hassle of traditional staging."
      />
      <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map((r) => (
          <FeatureCard key={r.title} icon={r.icon} title={r.title}>
            {r.text}
          </FeatureCard>
        ))}
      </div>
    </Section>
  );
}
