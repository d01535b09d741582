import { Clock } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS } from '#shared/constants/staging.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import type { Example } from './gallery.ts';

/** A gallery card: the staged photo, its title, style, room and time, and a details button. */
export function ExampleCard({ example, onOpen }: { example: Example; onOpen: () => void }) {
  return (
    <Card className="group overflow-hidden">
      <button
        type="button"
        onClick={onOpen}
        className="block w-full text-left"
        aria-label={`View details: ${example.title}`}
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-muted">
          <img
            src={example.afterImage}
            alt={`${example.title}, staged in ${STYLE_LABELS[example.style]} style`}
            width={example.width}
            height={example.height}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
          <Badge className="absolute left-3 top-3" variant="secondary">
            {STYLE_LABELS[example.style]}
          </Badge>
        </div>
      </button>
      <div className="flex items-start justify-between gap-3 p-5">
        <div>
          <h3 className="text-lg font-semibold">{example.title}</h3>
          <p className="mt-1 flex items-center gap-3 text-sm text-muted-foreground">
            <span>{ROOM_TYPE_LABELS[example.roomType]}</span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden /> {example.processingTime}
            </span>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onOpen}>
          View Details
        </Button>
      </div>
    </Card>
  );
}
