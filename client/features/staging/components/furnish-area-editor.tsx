// "Furniture area" on the transform form for masked engines (decision 0181): the agent paints where
// furniture may go over the photo, by pointer, touch or keyboard. Until the agent changes it the area
// is the automatic one, shown as the engine would send it (decision 0213); the first stroke starts
// from it, so painting adjusts what is there. The grid is the flow's state; this component edits it.
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type SetStateAction,
} from 'react';
import { Brush, Eraser, RotateCcw } from 'lucide-react';
import {
  FURNISH_AREA_HELP,
  FURNISH_AREA_LABEL,
  FURNISH_AREA_LIMITS,
  FURNISH_AREA_RESET,
} from '#shared/constants/furnish-area.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useNoticesGiveWay } from '#client/hooks/use-toast.ts';
import type { AutomaticArea } from '#shared/schemas/staging.ts';
import { brush, emptyGrid, gridOfArea, gridPolygons, paintedShare, type AreaGrid } from '../furnish-area.ts';
import { areaStatus } from '../furnish-area-status.ts';

export interface FurnishAreaProps {
  file: File;
  /** The agent's area; null while the automatic one stands. */
  grid: AreaGrid | null;
  /** A state setter: strokes faster than renders each build on the latest grid. */
  onChange: Dispatch<SetStateAction<AreaGrid | null>>;
  /** The engine's own area for this photo (POST /api/furnish-area); null until it is known. */
  automatic: AutomaticArea | null;
  automaticFailed: boolean;
}

const KEY_STEP: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function FurnishAreaEditor({
  file,
  grid,
  onChange,
  automatic,
  automaticFailed,
  disabled,
}: FurnishAreaProps & { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [paint, setPaint] = useState(true);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  // The keyboard brush, in 0..1 photo coordinates; shown while the canvas has focus.
  const [cursor, setCursor] = useState<[number, number]>([0.5, 0.75]);
  const [focused, setFocused] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // A notice toast ("Room identified!") would lie over the canvas and take the first strokes.
  useNoticesGiveWay(open);

  // Made and revoked in one effect and set on the element directly, like the upload preview.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!open || !img.current) return;
    const u = URL.createObjectURL(file);
    img.current.src = u;
    return () => URL.revokeObjectURL(u);
  }, [file, open]);

  // The automatic area as the editor's cells at this photo's grid: what is drawn until the agent paints.
  const auto = automatic && size ? gridOfArea(automatic.polygons, size.w, size.h) : null;
  const shown = grid ?? auto;

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const { width: W, height: H } = c;
    ctx.clearRect(0, 0, W, H);
    if (shown) {
      // Green while automatic, blue once the agent has adjusted it: the state is visible, not only said.
      ctx.fillStyle = grid ? 'rgba(37, 99, 235, 0.45)' : 'rgba(22, 163, 74, 0.4)';
      const cw = W / shown.cols;
      const ch = H / shown.rows;
      for (let y = 0; y < shown.rows; y++)
        for (let x = 0; x < shown.cols; x++)
          if (shown.cells[y * shown.cols + x]) ctx.fillRect(x * cw, y * ch, cw + 0.5, ch + 0.5);
    }
    if (focused) {
      ctx.strokeStyle = paint ? '#1d4ed8' : '#b91c1c';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(cursor[0] * W, cursor[1] * H, (W / (grid?.cols ?? 48)) * 2.5, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }, [shown, grid, focused, cursor, paint, size]);

  const dab = (u: number, v: number) => {
    if (!size || disabled) return;
    // The first stroke adjusts the automatic area shown, not an empty photo.
    onChange((g) => brush(g ?? auto ?? emptyGrid(size.w, size.h), u, v, paint));
  };
  const at = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [(e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height];
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = KEY_STEP[e.key];
    if (step) {
      e.preventDefault();
      const next: [number, number] = [
        Math.min(1, Math.max(0, cursor[0] + step[0] * 0.04)),
        Math.min(1, Math.max(0, cursor[1] + step[1] * 0.04)),
      ];
      setCursor(next);
      // Shift + arrows paints a stroke as the brush moves.
      if (e.shiftKey) dab(...next);
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      dab(...cursor);
    }
  };

  const status = areaStatus({
    grid: grid ? { share: paintedShare(grid), dropped: gridPolygons(grid).dropped } : null,
    automatic: auto ? { share: paintedShare(auto) } : null,
    automaticFailed,
    maxPolygons: FURNISH_AREA_LIMITS.maxPolygons,
  });

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="justify-between"
        aria-expanded={open}
        aria-controls="furnish-area-panel"
        onClick={() => setOpen(!open)}
        data-testid="furnish-area-toggle"
      >
        {FURNISH_AREA_LABEL} (optional)
        <span className="text-xs text-muted-foreground">{grid ? 'Adjusted' : 'Automatic'}</span>
      </Button>
      {open && (
        <div id="furnish-area-panel" className="grid gap-3">
          <p id="furnish-area-hint" className="text-sm text-muted-foreground">
            {FURNISH_AREA_HELP} Drag on the photo, or focus it and use the arrow keys to move the brush, Space
            to paint, Shift + arrows to paint a stroke.
          </p>
          <div role="radiogroup" aria-label="Brush" className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant={paint ? 'default' : 'outline'}
              role="radio"
              aria-checked={paint}
              onClick={() => setPaint(true)}
            >
              <Brush aria-hidden /> Paint
            </Button>
            <Button
              type="button"
              size="sm"
              variant={!paint ? 'default' : 'outline'}
              role="radio"
              aria-checked={!paint}
              onClick={() => setPaint(false)}
            >
              <Eraser aria-hidden /> Erase
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="ml-auto"
              disabled={!grid || disabled}
              onClick={() => onChange(null)}
            >
              <RotateCcw aria-hidden /> {FURNISH_AREA_RESET}
            </Button>
          </div>
          <div className="relative w-full overflow-hidden rounded-md border">
            <img
              ref={img}
              alt=""
              className="block h-auto w-full select-none"
              draggable={false}
              onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
            />
            {size && (
              <canvas
                ref={canvas}
                width={Math.min(800, size.w)}
                height={Math.round((Math.min(800, size.w) * size.h) / size.w)}
                className="absolute inset-0 h-full w-full cursor-crosshair rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                style={{ touchAction: 'none' }}
                tabIndex={0}
                role="img"
                aria-label={`${FURNISH_AREA_LABEL}: ${status}`}
                aria-describedby="furnish-area-hint"
                data-testid="furnish-area-canvas"
                onFocus={() => setFocused(true)}
                onBlur={() => setFocused(false)}
                onKeyDown={onKey}
                onPointerDown={(e) => {
                  e.currentTarget.setPointerCapture(e.pointerId);
                  drawing.current = true;
                  dab(...at(e));
                }}
                onPointerMove={(e) => drawing.current && dab(...at(e))}
                onPointerUp={() => (drawing.current = false)}
                onPointerCancel={() => (drawing.current = false)}
              />
            )}
          </div>
          <p role="status" className="text-sm" data-testid="furnish-area-status">
            {status}
          </p>
        </div>
      )}
    </div>
  );
}
