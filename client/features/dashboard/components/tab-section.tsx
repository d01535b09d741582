import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A dashboard tab's list: its heading (named by `id`), a line under it, an optional action on the right
 * and the list itself.
 */
export function TabSection({
  id,
  title,
  description,
  descriptionProps,
  action,
  className = 'grid gap-5',
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  /** e.g. aria-live for a count that changes as filters change. */
  descriptionProps?: HTMLAttributes<HTMLParagraphElement> & { 'data-testid'?: string };
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground" {...descriptionProps}>
            {description}
          </p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
