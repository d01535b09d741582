// The "Arrange furniture" editor's state as a pure reducer: the pieces, which one is selected, and
// undo/redo over every change. The server judges each arrangement (off the floor, through a wall,
// on an object: decision 0157); a refused change is taken back with `reject`.
import { CATALOGUE_SIZE, MODEL_VARIANTS, type PieceType } from '#shared/constants/layout.ts';
import type { Piece } from '#shared/schemas/layout.ts';

export interface EditorState {
  pieces: Piece[];
  selected: string | null;
  past: Piece[][];
  future: Piece[][];
  /** The pieces when the current drag started (null when not dragging). */
  dragFrom: Piece[] | null;
}

/** One keyboard step along the floor, metres, and one turn, radians (15 degrees). */
export const STEP = 0.1;
export const TURN = Math.PI / 12;

export type EditorAction =
  | { type: 'select'; id: string | null }
  | { type: 'selectNext'; back?: boolean }
  | { type: 'moveTo'; id: string; x: number; z: number; commit: boolean }
  | { type: 'move'; dx: number; dz: number }
  | { type: 'turn'; by: number }
  | { type: 'remove' }
  | { type: 'swap' }
  | { type: 'add'; piece: PieceType; x: number; z: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reject' }
  | { type: 'reset'; pieces: Piece[] };

export const initialState = (pieces: Piece[]): EditorState => ({
  pieces,
  selected: null,
  past: [],
  future: [],
  dragFrom: null,
});

const wrap = (r: number) => Math.atan2(Math.sin(r), Math.cos(r));

/** A change: the pieces before it go on the undo stack, the redo stack is cleared. */
function change(s: EditorState, pieces: Piece[], selected = s.selected): EditorState {
  return { pieces, selected, past: [...s.past, s.dragFrom ?? s.pieces], future: [], dragFrom: null };
}

function update(s: EditorState, fn: (p: Piece) => Piece): EditorState {
  if (!s.selected) return s;
  return change(
    s,
    s.pieces.map((p) => (p.id === s.selected ? fn(p) : p)),
  );
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'select':
      return { ...s, selected: a.id };
    case 'selectNext': {
      if (!s.pieces.length) return s;
      const i = s.pieces.findIndex((p) => p.id === s.selected);
      const n = s.pieces.length;
      const next = i < 0 ? (a.back ? n - 1 : 0) : (i + (a.back ? n - 1 : 1)) % n;
      return { ...s, selected: s.pieces[next]!.id };
    }
    case 'moveTo': {
      // A drag moves the piece live; only its end (commit) is one step of the history.
      const pieces = s.pieces.map((p) => (p.id === a.id ? { ...p, x: a.x, z: a.z } : p));
      if (a.commit) return change(s, pieces, a.id);
      return { ...s, pieces, selected: a.id, dragFrom: s.dragFrom ?? s.pieces };
    }
    case 'move':
      return update(s, (p) => ({ ...p, x: p.x + a.dx, z: p.z + a.dz }));
    case 'turn':
      return update(s, (p) => ({ ...p, rotation: wrap(p.rotation + a.by) }));
    case 'swap':
      return update(s, (p) => ({ ...p, variant: (p.variant + 1) % MODEL_VARIANTS }));
    case 'remove': {
      if (!s.selected) return s;
      return change(
        s,
        s.pieces.filter((p) => p.id !== s.selected),
        null,
      );
    }
    case 'add': {
      let n = 1;
      while (s.pieces.some((p) => p.id === `${a.piece}-n${n}`)) n++;
      const piece: Piece = {
        id: `${a.piece}-n${n}`,
        type: a.piece,
        variant: 0,
        x: a.x,
        z: a.z,
        rotation: 0,
        scale: 1,
        size: CATALOGUE_SIZE[a.piece],
        elevation: a.piece === 'art' ? 1.25 : 0,
        group: -1,
      };
      return change(s, [...s.pieces, piece], piece.id);
    }
    case 'undo': {
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      return {
        ...s,
        pieces: prev,
        past: s.past.slice(0, -1),
        future: [s.pieces, ...s.future],
        dragFrom: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = s.future;
      if (!next) return s;
      return { ...s, pieces: next, past: [...s.past, s.pieces], future: rest, dragFrom: null };
    }
    case 'reject': {
      // The server refused the last change: take it back without offering to redo it.
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      const selected = prev.some((p) => p.id === s.selected) ? s.selected : null;
      return { ...s, pieces: prev, past: s.past.slice(0, -1), selected, dragFrom: null };
    }
    case 'reset':
      return initialState(a.pieces);
  }
}
