import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface PageHeroProps {
  /** Small pill above the title. */
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the copy. */
  children?: ReactNode;
  size?: 'lg' | 'sm';
  className?: string;
}

/** The navy-tinted band at the top of content pages, with the page's h1. */
export function PageHero({ eyebrow, title, description, children, size = 'lg', className }: PageHeroProps) {
  return (
    <section
      className={cn(
        'relative isolate overflow-hidden border-b bg-gradient-to-b from-secondary via-secondary/40 to-background',
        size === 'lg' ? 'py-16 sm:py-24' : 'py-12 sm:py-16',
        className,
      )}
    >
      {/* Soft brand glows; decorative only. */}
      <div
        className="pointer-events-none absolute -top-32 left-1/2 -z-10 h-72 w-[48rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
        aria-hidden
      />
      <div
        className="pointer-events-none absolute -right-24 top-24 -z-10 h-48 w-48 rounded-full bg-brand-accent/20 blur-3xl"
        aria-hidden
      />
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        {eyebrow && (
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border bg-background/80 px-3.5 py-1 text-sm font-medium text-primary shadow-xs">
            {eyebrow}
          </p>
        )}
        <h1
          className={cn(
            'font-bold tracking-tight text-balance',
            size === 'lg' ? 'text-4xl sm:text-5xl lg:text-6xl' : 'text-3xl sm:text-4xl lg:text-5xl',
          )}
        >
          {title}
        </h1>
        {description && (
          <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {description}
          </p>
        )}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
