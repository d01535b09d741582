import type { ReactNode } from 'react';
import { AudienceActions, type AudienceActionsProps } from './audience-actions.tsx';

export interface CtaSectionProps {
  title: ReactNode;
  description: ReactNode;
  /** Visitor buttons; signed-in users always get "Go to Dashboard". */
  visitor: AudienceActionsProps['visitor'];
}

/** The closing navy call-to-action band used by the features, examples and help pages. */
export function CtaSection({ title, description, visitor }: CtaSectionProps) {
  return (
    <section className="px-4 pb-16 pt-4 sm:px-6 sm:pb-20 lg:px-8" aria-labelledby="cta-title">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-16">
        <div
          className="pointer-events-none absolute -left-20 -top-20 -z-10 h-64 w-64 rounded-full bg-white/10 blur-3xl"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute -bottom-24 -right-16 -z-10 h-64 w-64 rounded-full bg-white/10 blur-3xl"
          aria-hidden
        />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-pretty text-primary-foreground/80 sm:text-lg">
          {description}
        </p>
        <AudienceActions visitor={visitor} tone="onDark" className="mt-8" />
      </div>
    </section>
  );
}
