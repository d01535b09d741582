import type { LucideIcon } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

/** An icon on a tinted square, leading a card, a block or a link. Decorative: the text beside it says it all. */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary',
        className,
      )}
      aria-hidden
    >
      <Icon className="size-5" />
    </span>
  );
}
