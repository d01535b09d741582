import { AlertTriangle, CheckCircle2, Loader2, Sofa, X } from 'lucide-react';
import { OVERRIDABLE_REFUSALS, REFUSAL_LABELS } from '#shared/constants/photo-check.ts';
import { CHOOSE_ROOM_TYPE, ROOM_TYPE_LABELS, type RoomType } from '#shared/constants/staging.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { OptionSelect } from '#client/components/option-select.tsx';
import { ROOM_TYPE_OPTIONS } from '#client/components/staging-selects.tsx';
import { cn } from '#client/lib/utils.ts';
import type { BatchPhoto } from '../use-batch-setup.ts';

export interface BatchPhotoCardProps {
  photo: BatchPhoto;
  index: number;
  /** Shown when every photo keeps its own room type. */
  perPhotoRoom: boolean;
  onRoomTypeChange: (roomType: RoomType) => void;
  onIncludedChange: (included: boolean) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** One photo of the listing before the start: its check (interior, room type, furnished) and its room type. */
export function BatchPhotoCard({
  photo,
  index,
  perPhotoRoom,
  onRoomTypeChange,
  onIncludedChange,
  onRemove,
  disabled,
}: BatchPhotoCardProps) {
  const c = photo.check;
  const unsuitable = c.kind === 'checked' && !c.isValid;
  const refusal = c.kind === 'checked' ? c.refusal : undefined;
  // Only a room photo of poor quality may be staged knowingly; not a room, or too small, never.
  const overridable = !!refusal && OVERRIDABLE_REFUSALS.includes(refusal);
  const name = photo.file.name;
  // Not detected and not chosen: the photo waits for the agent (never a silent "Living Room").
  const needsRoomType = perPhotoRoom && photo.included && photo.roomType === null && c.kind !== 'checking';
  return (
    <li
      data-testid="batch-photo"
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm',
        !photo.included && 'opacity-70',
      )}
    >
      <div className="relative aspect-[4/3] bg-muted">
        <img
          src={photo.preview}
          alt={`Photo ${index + 1}: ${name}`}
          className="absolute inset-0 size-full object-cover"
        />
        <Button
          type="button"
          size="icon"
          variant="secondary"
          className="absolute right-1.5 top-1.5 size-8 rounded-full shadow"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${name}`}
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 p-2.5">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <div className="flex flex-wrap gap-1" data-testid="photo-check">
          {c.kind === 'checking' && (
            <Badge variant="secondary">
              <Loader2 className="animate-spin" aria-hidden /> Checking
            </Badge>
          )}
          {c.kind === 'unchecked' && <Badge variant="outline">{c.message}</Badge>}
          {c.kind === 'checked' && c.isValid && (
            <Badge variant="success">
              <CheckCircle2 aria-hidden /> Interior
            </Badge>
          )}
          {unsuitable && (
            <Badge variant="destructive">
              <AlertTriangle aria-hidden /> {refusal ? REFUSAL_LABELS[refusal] : 'Not a room'}
            </Badge>
          )}
          {c.kind === 'checked' && c.roomType && (
            <Badge variant="outline">{ROOM_TYPE_LABELS[c.roomType]}</Badge>
          )}
          {c.kind === 'checked' && c.isValid && c.furnished === true && (
            <Badge variant="accent">
              <Sofa aria-hidden /> Furnished
            </Badge>
          )}
          {c.kind === 'checked' && c.isValid && c.furnished === false && (
            <Badge variant="outline">Empty</Badge>
          )}
          {needsRoomType && (
            <Badge variant="destructive" data-testid="choose-room-type" className="whitespace-normal">
              <AlertTriangle aria-hidden /> {CHOOSE_ROOM_TYPE}
            </Badge>
          )}
        </div>
        {unsuitable && c.message && <p className="line-clamp-3 text-xs text-muted-foreground">{c.message}</p>}
        {perPhotoRoom && photo.included && (
          <OptionSelect
            options={ROOM_TYPE_OPTIONS}
            ariaLabel={`Room type of ${name}`}
            triggerClassName="h-9"
            value={photo.roomType ?? undefined}
            placeholder={CHOOSE_ROOM_TYPE}
            onValueChange={onRoomTypeChange}
            disabled={disabled}
          />
        )}
        {((unsuitable && overridable) || (!unsuitable && !photo.included)) && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onIncludedChange(!photo.included)}
            disabled={disabled}
          >
            {photo.included ? 'Leave Out' : 'Stage Anyway'}
          </Button>
        )}
      </div>
    </li>
  );
}
