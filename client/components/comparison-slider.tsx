import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import {
  clampPercent,
  percentFromKey,
  percentFromPointer,
  SLIDER_DEFAULT,
} from './comparison-slider-math.ts';

export interface ComparisonSliderProps {
  /** The original photo (shown on the left of the divider). */
  beforeSrc: string;
  /** The staged photo (shown on the right of the divider). */
  afterSrc: string;
  beforeAlt: string;
  afterAlt: string;
  /**
   * Intrinsic size of the photos in pixels. Sets the box's aspect ratio and the images' width/height
   * attributes, so the layout is reserved before the images arrive. Defaults to 4:3.
   */
  width?: number;
  height?: number;
  /** Start position in percent; clamped to 0-100. Defaults to 50. */
  initialPosition?: number;
  /** Accessible name of the slider handle. */
  label?: string;
  /** 'eager' for images above the fold (the hero); everything else loads lazily. */
  loading?: 'eager' | 'lazy';
  /** 'cover' fills the box (crops edges); 'contain' shows the whole photo (letterboxed). Never distorts. */
  fit?: 'cover' | 'contain';
  className?: string;
  /** Called with every new position (for analytics or a synced caption); optional. */
  onPositionChange?: (percent: number) => void;
}

/**
 * The one before/after comparison used across the site. Both photos sit in the same box; the "before"
 * photo is clipped at the divider. Drag anywhere (mouse, pen or touch), click to jump, or focus the
 * handle and use the arrow keys, Page Up/Down, Home and End.
 */
export function ComparisonSlider({
  beforeSrc,
  afterSrc,
  beforeAlt,
  afterAlt,
  width = 1600,
  height = 1200,
  initialPosition = SLIDER_DEFAULT,
  label = 'Before and after comparison',
  loading = 'lazy',
  fit = 'cover',
  className,
  onPositionChange,
}: ComparisonSliderProps) {
  const [position, setPosition] = useState(() => clampPercent(initialPosition));
  const boxRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const update = (next: number) => {
    setPosition(next);
    onPositionChange?.(next);
  };

  const moveTo = (clientX: number) => {
    const box = boxRef.current?.getBoundingClientRect();
    if (box) update(percentFromPointer(clientX, box.left, box.width));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // Capture keeps the drag alive when the pointer leaves the box, and gives touch drags to us.
    e.currentTarget.setPointerCapture(e.pointerId);
    dragging.current = true;
    handleRef.current?.focus({ preventScroll: true });
    moveTo(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(e.clientX);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = percentFromKey(e.key, position, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    update(next);
  };

  const rounded = Math.round(position);
  // Both photos fill the same box; only the source and the clip differ.
  const imgProps = {
    width,
    height,
    loading,
    decoding: 'async',
    draggable: false,
    className: cn(
      'absolute inset-0 h-full w-full select-none',
      fit === 'cover' ? 'object-cover' : 'object-contain',
    ),
  } as const;

  return (
    <div
      ref={boxRef}
      data-comparison-box=""
      className={cn(
        // touch-pan-y: vertical swipes still scroll the page; horizontal ones drag the divider.
        'group/slider relative w-full cursor-ew-resize touch-pan-y overflow-hidden rounded-xl bg-muted select-none',
        className,
      )}
      style={{ aspectRatio: `${width} / ${height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <img src={afterSrc} alt={afterAlt} {...imgProps} />
      <img
        src={beforeSrc}
        alt={beforeAlt}
        {...imgProps}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />

      <span className="pointer-events-none absolute left-3 top-3 rounded-md bg-black/65 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-white backdrop-blur-sm">
        Before
      </span>
      <span className="pointer-events-none absolute right-3 top-3 rounded-md bg-brand-accent px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-foreground shadow-sm">
        After
      </span>

      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.15)]"
        style={{ left: `${position}%` }}
        aria-hidden
      />
      <div
        ref={handleRef}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}% before, ${100 - rounded}% after`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-primary-foreground shadow-lg transition-transform group-active/slider:scale-95 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-accent"
        style={{ left: `${position}%` }}
      >
        <ChevronsLeftRight className="size-5" aria-hidden />
      </div>
    </div>
  );
}
