import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#client/components/ui/accordion.tsx';
import { SectionHeading } from '#client/features/marketing/section-heading.tsx';
import { FAQ_ENTRIES } from './faq-entries.ts';

/** Frequently asked questions as a single-open accordion (buttons in headings, Enter/Space toggles). */
export function HelpFaq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-24">
      <SectionHeading id="faq-title" align="left" title="Frequently Asked Questions" className="mb-6" />
      <Accordion
        type="single"
        collapsible
        className="rounded-xl border bg-card px-5 shadow-xs sm:px-6"
        data-testid="faq"
      >
        {FAQ_ENTRIES.map((e, i) => (
          <AccordionItem key={e.q} value={`faq-${i}`}>
            <AccordionTrigger>{e.q}</AccordionTrigger>
            <AccordionContent>{e.a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
