import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** An icon on a tinted square, leading a card, a block or a link. Decorative: the text beside it says it all. */
export function IconTile({
  icon: Icon,
  className,
  iconClassName = 'size-5',
}: {
  icon: LucideIcon;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary',
        className,
      )}
      aria-hidden
    >
      <Icon className={iconClassName} />
    </span>
  );
}

/**
 * A short title with a sentence under it, led by an icon (or a step number): the tips, room types and
 * steps lists. `as="div"` where it is not an item of a list.
 */
export function IconItem({
  lead,
  title,
  text,
  className,
  titleClassName = 'font-semibold',
  textClassName = 'mt-1 text-sm leading-relaxed text-muted-foreground',
  as: Tag = 'li',
}: {
  lead: ReactNode;
  title: string;
  text: string;
  className?: string;
  titleClassName?: string;
  textClassName?: string;
  as?: 'li' | 'div';
}) {
  return (
    <Tag className={cn('flex gap-3', className)}>
      {lead}
      <span>
        <span className={cn('block', titleClassName)}>{title}</span>
        <span className={cn('block', textClassName)}>{text}</span>
      </span>
    </Tag>
  );
}
