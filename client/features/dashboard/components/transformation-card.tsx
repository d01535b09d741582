import type { ComponentProps } from 'react';
import { Download, Heart, Pencil, Trash2 } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS } from '#shared/constants/staging.ts';
import type { Transformation } from '#shared/schemas/staging.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { displayTitle } from '../display-title.ts';
import { formatDate } from '#client/lib/format.ts';
import type { TransformationActions } from '../use-transformation-actions.tsx';
import { LayoutVersions } from './layout-versions.tsx';

export type CardAction = 'favorite' | 'edit' | 'download' | 'delete';

interface Props {
  t: Transformation;
  actions: TransformationActions;
  show: readonly CardAction[];
  /** History shows the original next to the staged photo. */
  withOriginal?: boolean;
  /** Favorites: the heart reads 'Remove from favorites'. */
  favoriteLabel?: (t: Transformation) => string;
}

/** A thumbnail that never blocks the page: lazy, sized up front, so the grid does not shift as it loads. */
function Thumb({
  src,
  alt,
  label,
  empty,
}: {
  src: string | null;
  alt: string;
  label?: string | undefined;
  empty: string;
}) {
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-muted">
      {src ? (
        <img
          src={src}
          alt={alt}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center p-2 text-center text-xs text-muted-foreground">
          {empty}
        </div>
      )}
      {label && (
        <span className="absolute left-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white">
          {label}
        </span>
      )}
    </div>
  );
}

/** Retention: the row stays in the history after its images are gone. */
const emptyText = (t: Transformation) =>
  t.imagesDeleted ? `Deleted after ${t.retentionDays} days` : 'No image';

/** One transformation in a grid: the image opens the viewer; the buttons act on the item. */
export function TransformationCard({ t, actions, show, withOriginal = false, favoriteLabel }: Props) {
  const title = displayTitle(t);
  const heartLabel = favoriteLabel?.(t) ?? (t.isFavorite ? 'Remove from favorites' : 'Add to favorites');
  return (
    <article
      data-testid="transformation-card"
      data-id={t.id}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      <button
        type="button"
        onClick={() => actions.view(t)}
        className={cn(
          'grid cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          withOriginal && 'grid-cols-2 gap-px bg-border',
        )}
        aria-label={`View ${title}`}
      >
        {withOriginal && (
          <Thumb
            src={t.originalImageUrl}
            alt={`Original photo: ${title}`}
            label="Before"
            empty={emptyText(t)}
          />
        )}
        <Thumb
          src={t.thumbnailUrl ?? t.transformedImageUrl}
          alt={`Staged photo: ${title}`}
          label={withOriginal ? 'After' : undefined}
          empty={emptyText(t)}
        />
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug" data-testid="card-title">
          {title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">{STYLE_LABELS[t.style] ?? t.style}</Badge>
          <Badge variant="outline">{ROOM_TYPE_LABELS[t.roomType] ?? t.roomType}</Badge>
        </div>
        <LayoutVersions versions={t.layoutVersions} />
        <p className="text-xs text-muted-foreground" data-testid="card-retention">
          {t.imagesDeleted
            ? `Images deleted after ${t.retentionDays} days`
            : `Images will be deleted on ${formatDate(t.imagesExpireAt)}`}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <time dateTime={t.createdAt} className="text-xs text-muted-foreground">
            {formatDate(t.createdAt)}
          </time>
          <div className="-mr-1.5 flex items-center">
            {show.includes('favorite') && (
              <IconButton
                label={heartLabel}
                pressed={t.isFavorite}
                disabled={actions.isToggling(t.id)}
                onClick={() => actions.toggleFavorite(t)}
              >
                <Heart className={cn(t.isFavorite && 'fill-red-500 text-red-500')} aria-hidden />
              </IconButton>
            )}
            {show.includes('edit') && (
              <IconButton label="Edit title and notes" onClick={() => actions.edit(t)}>
                <Pencil aria-hidden />
              </IconButton>
            )}
            {show.includes('download') && (
              <IconButton label="Download" onClick={() => void actions.download(t)}>
                <Download aria-hidden />
              </IconButton>
            )}
            {show.includes('delete') && (
              <IconButton label="Delete" onClick={() => actions.remove(t)} className="hover:text-destructive">
                <Trash2 aria-hidden />
              </IconButton>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

function IconButton({
  label,
  pressed,
  className,
  ...props
}: { label: string; pressed?: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8 text-muted-foreground', className)}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      {...props}
    />
  );
}
