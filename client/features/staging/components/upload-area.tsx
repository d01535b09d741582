import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { AlertCircle, ImageIcon, Loader2, Upload, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { IconTile } from '#client/components/icon-tile.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  firstFile,
  formatFileSize,
  MAX_UPLOAD_LABEL,
  UPLOAD_ACCEPT,
  validateUpload,
} from '../upload-validation.ts';
import { NEXT_STEP } from './next-step-focus.tsx';

export interface UploadAreaProps {
  /** The chosen photo, or null for the empty drop zone. */
  file: File | null;
  /** Called with a photo that passed the type and size rules; invalid files raise the spec's alert instead. */
  onFileSelected: (file: File) => void;
  /** The preview's remove button. */
  onRemove: () => void;
  /** Shows "Processing Your Image" over the preview (identification or transform in flight). */
  isProcessing?: boolean;
  /** Blocks choosing and removing (e.g. while a transform runs). */
  disabled?: boolean;
  /** Optional line under the file name, e.g. the detected room type or a suitability warning. */
  status?: ReactNode;
  className?: string;
}

/** Drag-and-drop or click-to-browse photo picker with preview. */
export function UploadArea({
  file,
  onFileSelected,
  onRemove,
  isProcessing,
  disabled,
  status,
  className,
}: UploadAreaProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locked = disabled || isProcessing;

  // The spec's texts, shown in the page's own alert style (role="alert" is announced at once) instead of the
  // browser's alert() box, which blocks the page and looks like an error of the site itself.
  const accept = (files: FileList | null | undefined) => {
    const picked = firstFile(files);
    if (!picked) return;
    const p = validateUpload(picked);
    setProblem(p);
    if (!p) onFileSelected(picked);
  };
  const problemBox = problem && (
    <p
      role="alert"
      data-testid="upload-problem"
      className="mt-4 flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-left text-sm text-destructive"
    >
      <AlertCircle className="size-4 shrink-0" aria-hidden />
      {problem}
    </p>
  );

  const browse = () => {
    if (!locked) inputRef.current?.click();
  };

  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (!locked) {
      e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    }
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    // dragleave also fires when moving onto a child; only clear when the pointer really left the zone.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!locked) accept(e.dataTransfer.files);
  };

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept={UPLOAD_ACCEPT}
      className="hidden"
      tabIndex={-1}
      aria-hidden
      onChange={(e) => {
        accept(e.currentTarget.files);
        // Clear so choosing the same file again still fires a change.
        e.currentTarget.value = '';
      }}
    />
  );

  if (file) {
    return (
      <div className={cn('overflow-hidden rounded-xl border bg-card shadow-sm', className)}>
        {input}
        <div className="relative aspect-[4/3] bg-muted">
          <FilePreview file={file} />
          {isProcessing && (
            <div
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/80 px-6 text-center backdrop-blur-sm"
              role="status"
            >
              <Loader2 className="size-9 animate-spin text-primary" aria-hidden />
              <p className="text-lg font-semibold">Processing Your Image</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Our AI is analyzing your room and preparing the transformation...
              </p>
            </div>
          )}
        </div>
        <div className="flex items-center gap-3 border-t p-3 sm:p-4">
          <IconTile icon={ImageIcon} className="bg-secondary" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={file.name}>
              {file.name}
            </p>
            <div className="text-xs text-muted-foreground">{status ?? formatFileSize(file.size)}</div>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={onRemove}
            disabled={locked}
            aria-label={`Remove ${file.name}`}
            {...{ [NEXT_STEP.attr]: NEXT_STEP.remove }}
          >
            <X aria-hidden /> <span className="hidden sm:inline">Remove</span>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div
      onClick={browse}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      aria-disabled={locked || undefined}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed bg-card px-6 py-12 text-center transition-colors sm:py-16',
        dragging
          ? 'border-primary bg-primary/5'
          : 'border-input hover:border-primary/60 hover:bg-secondary/40',
        locked && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      {input}
      <span
        className={cn(
          'mb-5 flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary transition-transform',
          dragging && 'scale-110',
        )}
        aria-hidden
      >
        <Upload className="size-7" />
      </span>
      <p className="text-lg font-semibold">Drop your room image here</p>
      <p className="mt-1 text-sm text-muted-foreground">or click to browse your files</p>
      <Button
        type="button"
        className="mt-6"
        disabled={locked}
        onClick={(e) => {
          // The zone itself also opens the picker; stop the click from opening it twice.
          e.stopPropagation();
          browse();
        }}
      >
        Choose File
      </Button>
      <p className="mt-4 text-xs text-muted-foreground">
        Supports JPEG, PNG (max {MAX_UPLOAD_LABEL}) · Best results at 2000×1500 px or larger
      </p>
      {problemBox}
    </div>
  );
}

/**
 * The local preview. The object URL is made and revoked in one effect and set on the element
 * directly, so it is freed when the file changes or the preview unmounts (also under StrictMode).
 */
function FilePreview({ file }: { file: File }) {
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    if (!img) return;
    const url = URL.createObjectURL(file);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <img
      ref={imgRef}
      alt={`Preview of ${file.name}`}
      width={800}
      height={600}
      className="absolute inset-0 h-full w-full object-contain"
    />
  );
}
