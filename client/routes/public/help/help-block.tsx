import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { IconTile } from '#client/components/icon-tile.tsx';

/** A help-center block: icon, h2 and content. */
export function HelpBlock({
  id,
  icon,
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
        <IconTile icon={icon} />
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
