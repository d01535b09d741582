import type { Dispatch } from 'react';
import { Plus, Redo2, RotateCw, Shuffle, Trash2, Undo2 } from 'lucide-react';
import type { PieceType } from '#shared/constants/layout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TURN, type EditorAction, type EditorState } from './editor-state.ts';

/** The editor's buttons: undo and redo, what to do with the selected piece, and adding one. */
export function ArrangeTools({
  state: s,
  dispatch,
  catalogue,
  adding,
  onAdding,
  onAdd,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  catalogue: readonly { type: PieceType; label: string }[];
  adding: PieceType;
  onAdding: (type: PieceType) => void;
  onAdd: () => void;
}) {
  const selected = s.pieces.some((p) => p.id === s.selected);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => dispatch({ type: 'undo' })}
          disabled={!s.past.length}
        >
          <Undo2 aria-hidden /> Undo
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => dispatch({ type: 'redo' })}
          disabled={!s.future.length}
        >
          <Redo2 aria-hidden /> Redo
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => dispatch({ type: 'turn', by: TURN })}
          disabled={!selected}
        >
          <RotateCw aria-hidden /> Turn
        </Button>
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'swap' })} disabled={!selected}>
          <Shuffle aria-hidden /> Other Model
        </Button>
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'remove' })} disabled={!selected}>
          <Trash2 aria-hidden /> Remove
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="arrange-add" className="text-sm">
          Add a piece
        </label>
        <select
          id="arrange-add"
          value={adding}
          onChange={(e) => onAdding(e.target.value as PieceType)}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          {catalogue.map((c) => (
            <option key={c.type} value={c.type}>
              {c.label}
            </option>
          ))}
        </select>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
    </>
  );
}
