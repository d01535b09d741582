import { useEffect, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Move, Save } from 'lucide-react';
import { CATALOGUE_SIZE, PIECE_LABELS, type PieceType } from '#shared/constants/layout.ts';
import { crowded, crowdedMessage, freeSpot, pieceInTheWay } from '#shared/layout/apart.ts';
import { footprint, hitFloor, hitFloorFromPointer } from '#shared/layout/maths.ts';
import type { LayoutResponse, Piece } from '#shared/schemas/layout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { invalidateAfterSave, previewLayout, saveLayout, useLayout } from './api.ts';
import { ArrangeTools } from './arrange-tools.tsx';
import { editorReducer, initialState, STEP, TURN, type EditorAction } from './editor-state.ts';

export interface ArrangeFurnitureProps {
  transformationId: string;
  /** The staged photo as it is now (shown until the first preview). */
  imageSrc: string;
  /** A saved arrangement is the new result: its image URL. */
  onSaved: (transformedImage: string) => void;
}

/** "Arrange Furniture" on a result: a button that opens the editor (decision 0157). */
export function ArrangeFurniture(props: ArrangeFurnitureProps) {
  const [open, setOpen] = useState(false);
  const layout = useLayout(props.transformationId, open);
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="arrange-open">
        <Move aria-hidden /> Arrange Furniture
      </Button>
    );
  if (layout.isLoading)
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the room…
      </p>
    );
  if (!layout.data)
    return (
      <p role="alert" className="text-center text-sm text-destructive">
        {layout.error instanceof Error
          ? layout.error.message
          : 'The furniture of this photo cannot be arranged.'}
      </p>
    );
  return <Editor {...props} layout={layout.data} onClose={() => setOpen(false)} />;
}

const keyActions: Record<string, EditorAction> = {
  ArrowLeft: { type: 'move', dx: -STEP, dz: 0 },
  ArrowRight: { type: 'move', dx: STEP, dz: 0 },
  ArrowUp: { type: 'move', dx: 0, dz: STEP },
  ArrowDown: { type: 'move', dx: 0, dz: -STEP },
  r: { type: 'turn', by: TURN },
  R: { type: 'turn', by: -TURN },
  Delete: { type: 'remove' },
  Backspace: { type: 'remove' },
};

function Editor({
  transformationId,
  imageSrc,
  onSaved,
  onClose,
  layout,
}: ArrangeFurnitureProps & { layout: LayoutResponse; onClose: () => void }) {
  const { room } = layout;
  const queryClient = useQueryClient();
  const [s, apply] = useReducer(editorReducer, layout.pieces, initialState);
  // A change that would stand a piece on another is refused here, at once and without a render (the
  // server says the same): the piece stays where it was and the editor says why.
  const dispatch = (a: EditorAction) => {
    const next = editorReducer(s, a);
    const onAnother = !next.dragFrom && next.pieces !== s.pieces ? crowded(next.pieces, layout.pieces) : null;
    if (onAnother) setProblem(onAnother.message);
    else apply(a);
  };
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [adding, setAdding] = useState<PieceType>(layout.catalogue[0]?.type ?? 'plant');
  const svgRef = useRef<SVGSVGElement>(null);
  const grab = useRef<{ id: string; dx: number; dz: number } | null>(null);
  const rendered = useRef<Piece[]>(layout.pieces);
  const stoppedBy = useRef<string | null>(null);

  // Each finished change is previewed; a change the room cannot hold is taken back and the reason shown.
  useEffect(() => {
    if (s.dragFrom || s.pieces === rendered.current) return;
    const pieces = s.pieces;
    const timer = setTimeout(() => {
      setBusy('preview');
      previewLayout(transformationId, pieces)
        .then((url) => {
          rendered.current = pieces;
          setProblem(stoppedBy.current);
          stoppedBy.current = null;
          setPreview((old) => {
            if (old) URL.revokeObjectURL(old);
            return url;
          });
        })
        .catch((err: unknown) => {
          setProblem(err instanceof Error ? err.message : String(err));
          if (err instanceof ApiError && err.status === 422) apply({ type: 'reject' });
        })
        .finally(() => setBusy(null));
    }, 200);
    return () => clearTimeout(timer);
  }, [s.pieces, s.dragFrom, transformationId]);

  const floorAt = (e: PointerEvent) => {
    const rect = svgRef.current!.getBoundingClientRect();
    return hitFloorFromPointer(room, { x: e.clientX - rect.left, y: e.clientY - rect.top }, rect);
  };
  const startDrag = (e: PointerEvent, p: Piece) => {
    const at = floorAt(e);
    if (!at || p.type === 'art') return dispatch({ type: 'select', id: p.id });
    svgRef.current!.setPointerCapture(e.pointerId);
    grab.current = { id: p.id, dx: p.x - at[0], dz: p.z - at[1] };
    dispatch({ type: 'select', id: p.id });
  };
  const drag = (e: PointerEvent, commit: boolean) => {
    const g = grab.current;
    if (!g) return;
    const at = floorAt(e);
    const piece = s.pieces.find((p) => p.id === g.id);
    if (at && piece) {
      // The piece stops at another rather than passing over it (the server's dragTo does the same).
      const to = { ...piece, x: at[0] + g.dx, z: at[1] + g.dz };
      const inTheWay = pieceInTheWay(to, s.pieces);
      // Said now, and kept past the preview of where the piece stopped.
      stoppedBy.current = inTheWay ? crowdedMessage(to, inTheWay) : null;
      if (inTheWay) setProblem(stoppedBy.current);
      const { x, z } = inTheWay ? piece : to;
      if (!inTheWay || commit) dispatch({ type: 'moveTo', id: g.id, x, z, commit });
    }
    if (commit) grab.current = null;
  };
  const onKey = (e: KeyboardEvent) => {
    const action = keyActions[e.key];
    if (!action) return;
    e.preventDefault();
    dispatch(action);
  };
  const add = () => {
    // On the floor a little below the photo's centre, or the nearest free place on the floor there
    // (not on another piece); the server judges it.
    const like = { id: 'new', type: adding, variant: 0, rotation: 0, scale: 1, size: CATALOGUE_SIZE[adding] };
    const at = freeSpot(room, s.pieces, { ...like, elevation: 0, group: -1 }) ??
      hitFloor(room.camera, room.width / 2, room.height * 0.75) ?? [0, 2];
    dispatch({ type: 'add', piece: adding, x: at[0], z: at[1] });
  };
  const save = async () => {
    setBusy('save');
    try {
      const r = await saveLayout(transformationId, s.pieces);
      void invalidateAfterSave(queryClient, transformationId);
      onSaved(r.transformedImageUrl);
      toast({ title: 'Arrangement Saved', description: `Version ${r.version} is now your staged photo.` });
      onClose();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="arrange-title"
      className="grid gap-3 rounded-lg border p-3"
      data-testid="arrange-editor"
    >
      <h3 id="arrange-title" className="font-semibold">
        Arrange Furniture
      </h3>
      <p className="text-xs text-muted-foreground">
        Drag a piece along the floor, or Tab to it and use the arrows to move it, R to turn it and Delete to
        remove it. Arranging and saving is free.
      </p>
      <div className="relative">
        <img
          src={preview ?? imageSrc}
          alt="Preview of the arranged room"
          className="block h-auto w-full rounded-md"
        />
        <svg
          ref={svgRef}
          viewBox={`0 0 ${room.width} ${room.height}`}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full touch-none"
          onPointerMove={(e) => drag(e, false)}
          onPointerUp={(e) => drag(e, true)}
          onPointerCancel={(e) => drag(e, true)}
          aria-label="Pieces on the floor"
          role="group"
        >
          {s.pieces.map((p) => (
            <polygon
              key={p.id}
              points={footprint(room.camera, p)
                .map(([u, v]) => `${u},${v}`)
                .join(' ')}
              tabIndex={0}
              role="button"
              aria-label={`${PIECE_LABELS[p.type]}${p.id === s.selected ? ', selected' : ''}`}
              aria-pressed={p.id === s.selected}
              data-piece={p.type}
              onFocus={() => dispatch({ type: 'select', id: p.id })}
              onPointerDown={(e) => startDrag(e, p)}
              onKeyDown={onKey}
              vectorEffect="non-scaling-stroke"
              className={
                p.id === s.selected
                  ? 'cursor-grab fill-primary/30 stroke-primary outline-none [stroke-width:3]'
                  : 'cursor-pointer fill-white/10 stroke-white outline-none [stroke-width:1.5] focus-visible:stroke-primary'
              }
            />
          ))}
        </svg>
        {busy === 'preview' && (
          <Loader2
            className="absolute top-2 right-2 size-5 animate-spin text-white drop-shadow"
            aria-label="Rendering preview"
          />
        )}
      </div>
      <p role="alert" className="min-h-5 text-sm text-destructive" data-testid="arrange-problem">
        {problem}
      </p>
      <ArrangeTools
        state={s}
        dispatch={dispatch}
        catalogue={layout.catalogue}
        adding={adding}
        onAdding={setAdding}
        onAdd={add}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button onClick={() => void save()} disabled={busy !== null || s.pieces === layout.pieces}>
          {busy === 'save' ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />} Save
          Arrangement
        </Button>
        <Button variant="outline" onClick={onClose} disabled={busy === 'save'}>
          Close
        </Button>
      </div>
    </section>
  );
}
