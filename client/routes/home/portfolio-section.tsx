import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ExampleCard } from '#client/features/marketing/example-card.tsx';
import { ExampleDialog } from '#client/features/marketing/example-dialog.tsx';
import { PORTFOLIO, type Example } from '#client/features/marketing/gallery.ts';
import { Section } from '#client/features/marketing/section.tsx';
import { SectionHeading } from '#client/components/section-heading.tsx';

export function PortfolioSection() {
  const [open, setOpen] = useState<Example | null>(null);
  const tryIt = () => {
    setOpen(null);
    document.getElementById('stage')?.scrollIntoView({ behavior: 'smooth' });
  };
  return (
    <Section id="examples" tone="muted" labelledBy="portfolio-heading">
      <SectionHeading
        id="portfolio-heading"
        title="Virtual Staging Portfolio"
        description="Real rooms staged by Roomstage. Open one to compare before and after."
      />
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {PORTFOLIO.map((e) => (
          <ExampleCard key={e.id} example={e} onOpen={() => setOpen(e)} />
        ))}
      </div>
      <ExampleDialog
        example={open}
        onClose={() => setOpen(null)}
        showQuality
        actions={<Button onClick={tryIt}>Try It Yourself</Button>}
      />
    </Section>
  );
}
