import { useRef, useState, type DragEvent } from 'react';
import { AlertCircle, Images, Upload } from 'lucide-react';
import { ACCEPTED_IMAGE_TYPES } from '#shared/constants/staging.ts';
import { MAX_BATCH_PHOTOS } from '#shared/schemas/batches.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { BATCH_NEXT_STEP } from './batch-next-step.tsx';
import { cn } from '#client/lib/utils.ts';
import { MAX_UPLOAD_LABEL } from '#shared/constants/figures.ts';

export interface BatchDropZoneProps {
  onFiles: (files: File[]) => void;
  /** Photos already chosen: the zone turns into a slim "add more" bar. */
  count: number;
  rejected: string[];
  disabled?: boolean;
}

/** Drop a whole listing (or browse for it): up to MAX_BATCH_PHOTOS JPEG or PNG photos. */
export function BatchDropZone({ onFiles, count, rejected, disabled }: BatchDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = count >= MAX_BATCH_PHOTOS;
  const locked = disabled || full;

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!locked) onFiles(Array.from(e.dataTransfer.files));
  };
  const browse = () => {
    if (!locked) input.current?.click();
  };

  return (
    <div>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="batch-file-input"
        onChange={(e) => {
          onFiles(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      <div
        role="button"
        {...{ [BATCH_NEXT_STEP.attr]: BATCH_NEXT_STEP.zone }}
        tabIndex={locked ? -1 : 0}
        aria-disabled={locked}
        aria-label="Choose the listing's photos"
        onClick={browse}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            browse();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-card text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          count === 0 ? 'px-6 py-12 sm:py-16' : 'px-4 py-5 sm:flex-row sm:justify-between sm:text-left',
          dragging
            ? 'border-primary bg-primary/5'
            : 'border-border hover:border-primary/50 hover:bg-secondary/40',
          locked && 'cursor-not-allowed opacity-60',
        )}
      >
        {count === 0 ? (
          <>
            <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Images className="size-7" aria-hidden />
            </span>
            <div>
              <p className="text-lg font-semibold">Drop a whole listing here</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Up to {MAX_BATCH_PHOTOS} JPEG or PNG photos, {MAX_UPLOAD_LABEL} each. Every photo is checked
                before you pay.
              </p>
            </div>
            <span className={buttonVariants({ variant: 'outline' })} aria-hidden>
              <Upload /> Choose Photos
            </span>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">
                {count} of {MAX_BATCH_PHOTOS} photos
              </span>{' '}
              {full ? '— the batch is full.' : '— drop more here or browse.'}
            </p>
            <span className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-hidden>
              <Upload /> Add Photos
            </span>
          </>
        )}
      </div>
      {rejected.length > 0 && (
        <ul
          role="alert"
          className="mt-3 grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {rejected.map((r) => (
            <li key={r} className="flex items-start gap-2">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {r}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
