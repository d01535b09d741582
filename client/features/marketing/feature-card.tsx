import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconTile } from '#client/components/icon-tile.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

export interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** Small highlighted fact under the text, e.g. "2-3 s per image". */
  highlight?: string;
  className?: string;
}

/** Icon, title and a sentence or two; the building block of every feature grid. */
export function FeatureCard({ icon, title, children, highlight, className }: FeatureCardProps) {
  return (
    <Card className={cn('h-full transition-shadow hover:shadow-md', className)}>
      <CardContent className="flex h-full flex-col p-6">
        <IconTile icon={icon} className="mb-4 size-11" />
        <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{children}</p>
        {highlight && (
          <p className="mt-auto pt-4 text-sm font-semibold text-primary">
            <span className="rounded-md bg-brand-accent/20 px-2 py-1 text-accent-foreground">
              {highlight}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
