import { CircleHelp } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#client/components/ui/accordion.tsx';
import { useSiteConfig } from '#client/lib/site.ts';
import { CONTACT_QUESTION, contactAnswer, FAQ_ENTRIES } from './faq-entries.ts';
import { HelpBlock } from './help-block.tsx';

/** The ten FAQ entries as a single-open accordion: each question is a button inside an h3; Enter/Space toggle. */
export function HelpFaq() {
  const phoneSupport = useSiteConfig()?.phoneSupport ?? false;
  return (
    <HelpBlock
      id="faq"
      icon={CircleHelp}
      title="Frequently Asked Questions"
      intro="Quick answers to what agents ask us most."
    >
      <Accordion
        type="single"
        collapsible
        className="rounded-xl border bg-card px-5 shadow-xs sm:px-6"
        data-testid="faq"
      >
        {FAQ_ENTRIES.map((e, i) => (
          <AccordionItem key={e.q} value={`faq-${i}`}>
            <AccordionTrigger>{e.q}</AccordionTrigger>
            <AccordionContent>
              {e.q === CONTACT_QUESTION ? contactAnswer(phoneSupport) : e.a}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </HelpBlock>
  );
}
