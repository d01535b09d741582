import { useEffect } from 'react';
import { WhyChoose } from '#client/features/marketing/why-choose.tsx';
import { PortfolioSection } from './portfolio-section.tsx';
import { StageYourProperty } from './stage-your-property.tsx';

/**
 * Everything on the home page under the hero, in its own chunk: the staging tool (upload, Radix select,
 * radio group and dialog, the flow's state) is most of the home page's JavaScript, and the hero's
 * first paint (the page's largest contentful paint) should not wait for it to be parsed and rendered.
 */
export default function BelowTheFold() {
  // A link to /#stage arrives before this section exists; the browser's own jump to it has then missed.
  useEffect(() => {
    if (window.location.hash === '#stage')
      document.getElementById('stage')?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <>
      <StageYourProperty />
      <PortfolioSection />
      <WhyChoose />
    </>
  );
}
