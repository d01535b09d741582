import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A help-center block: icon, h2 and content. */
export function HelpBlock({
  id,
  icon: Icon,
  title,
  intro,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <div className="mb-6 flex items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
          aria-hidden
        >
          <Icon className="size-5" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold sm:text-2xl tracking-tight">
            {title}
          </h2>
          <p className="mt-1 text-muted-foreground">{intro}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
