import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A full-width band with the site's content width; `tone` alternates backgrounds between sections. */
export function Section({
  children,
  tone = 'plain',
  className,
  id,
  labelledBy,
}: {
  children: ReactNode;
  tone?: 'plain' | 'muted';
  className?: string;
  id?: string;
  labelledBy?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn('py-16 sm:py-20', tone === 'muted' && 'bg-secondary/50', className)}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
