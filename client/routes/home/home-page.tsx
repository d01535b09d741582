import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { WhyChoose } from '#client/features/marketing/why-choose.tsx';
import { HomeHero } from './home-hero.tsx';
import { PortfolioSection } from './portfolio-section.tsx';
import { StageYourProperty } from './stage-your-property.tsx';

export default function HomePage() {
  usePageMeta(
    'Roomstage – AI Virtual Staging for Real Estate',
    'Turn photos of empty rooms into beautifully furnished listings in seconds. Six design styles, MLS-ready downloads, no structural changes.',
  );
  return (
    <>
      <HomeHero />
      <StageYourProperty />
      <PortfolioSection />
      <WhyChoose />
    </>
  );
}
