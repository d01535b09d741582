import { History } from 'lucide-react';
import { STYLE_LABELS, type Style } from '#shared/constants/staging.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import { isFreeRegeneration } from '#shared/rules/credits.ts';
import { previousStyles, regenerationNotice } from '../regeneration.ts';

/** Earlier transformations of the same photo: their styles (3, then '+n more') and what the next one costs. */
export function PreviousTransformations({ styles }: { styles: readonly Style[] }) {
  const notice = regenerationNotice(styles.length);
  if (!notice) return null;
  const { shown, more } = previousStyles(styles);
  const free = isFreeRegeneration(styles.length);
  return (
    <div
      data-testid="previous-transformations"
      className={cn(
        'grid gap-2 rounded-lg border p-3 text-sm',
        free ? 'border-success/30 bg-success/5' : 'border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <History className="size-4 shrink-0" aria-hidden /> Previous styles of this photo
      </p>
      <div className="flex flex-wrap gap-1.5">
        {shown.map((s, i) => (
          <Badge key={`${s}-${i}`} variant="secondary">
            {STYLE_LABELS[s] ?? s}
          </Badge>
        ))}
        {more > 0 && <Badge variant="outline">+{more} more</Badge>}
      </div>
      <p data-testid="regeneration-notice">{notice}</p>
    </div>
  );
}
