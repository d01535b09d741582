import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface SectionHeadingProps {
  /** Small uppercase line above the title. */
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  /** Heading level; sections under a page's h1 are h2. */
  as?: 'h1' | 'h2';
  align?: 'center' | 'left';
  className?: string;
  id?: string;
}

/** The title block every marketing section starts with. */
export function SectionHeading({
  eyebrow,
  title,
  description,
  as: H = 'h2',
  align = 'center',
  className,
  id,
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && (
        <p className="mb-3 text-sm font-semibold uppercase tracking-[0.14em] text-primary/80">{eyebrow}</p>
      )}
      <H id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </H>
      {description && (
        <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {description}
        </p>
      )}
    </div>
  );
}
