import { describe, expect, it } from 'vitest';
import { CATALOGUE_SIZE } from '#shared/constants/layout.ts';
import type { Piece } from '#shared/schemas/layout.ts';
import { editorReducer as r, initialState, STEP, TURN } from './editor-state.ts';

const piece = (id: string, type: Piece['type'], x: number): Piece => ({
  id,
  type,
  variant: 0,
  x,
  z: 3,
  rotation: 0,
  scale: 1,
  size: CATALOGUE_SIZE[type],
  elevation: 0,
  group: 0,
});
const start = initialState([piece('sofa-0', 'sofa', 0), piece('plant-1', 'plant', 1.5)]);

describe('the arrange editor state', () => {
  it('moves, turns, swaps and removes the selected piece, each one undoable step', () => {
    let s = r(start, { type: 'select', id: 'sofa-0' });
    s = r(s, { type: 'move', dx: STEP, dz: 0 });
    s = r(s, { type: 'turn', by: TURN });
    s = r(s, { type: 'swap' });
    expect(s.pieces[0]).toMatchObject({ x: STEP, rotation: TURN, variant: 1 });
    s = r(s, { type: 'remove' });
    expect(s.pieces.map((p) => p.id)).toEqual(['plant-1']);
    expect(s.selected).toBeNull();
    for (let i = 0; i < 4; i++) s = r(s, { type: 'undo' });
    expect(s.pieces).toEqual(start.pieces);
    s = r(s, { type: 'redo' });
    expect(s.pieces[0]!.x).toBe(STEP);
    // A new change after undo drops what could be redone.
    s = r(r(s, { type: 'select', id: 'plant-1' }), { type: 'move', dx: 0, dz: STEP });
    expect(s.future).toEqual([]);
  });

  it('makes a whole drag one step of the history', () => {
    let s = r(start, { type: 'moveTo', id: 'sofa-0', x: 0.2, z: 3, commit: false });
    s = r(s, { type: 'moveTo', id: 'sofa-0', x: 0.6, z: 3.1, commit: false });
    s = r(s, { type: 'moveTo', id: 'sofa-0', x: 0.8, z: 3.2, commit: true });
    expect(s.pieces[0]).toMatchObject({ x: 0.8, z: 3.2 });
    expect(s.past).toHaveLength(1);
    s = r(s, { type: 'undo' });
    expect(s.pieces).toEqual(start.pieces);
  });

  it('adds a catalogue piece with a fresh id, and takes back a refused change', () => {
    let s = r(start, { type: 'add', piece: 'armchair', x: 1, z: 2 });
    s = r(s, { type: 'add', piece: 'armchair', x: 2, z: 2 });
    expect(s.pieces.map((p) => p.id)).toEqual(['sofa-0', 'plant-1', 'armchair-n1', 'armchair-n2']);
    expect(s.selected).toBe('armchair-n2');
    s = r(s, { type: 'reject' });
    expect(s.pieces.map((p) => p.id)).toEqual(['sofa-0', 'plant-1', 'armchair-n1']);
    expect(s.selected).toBeNull();
    expect(s.future).toEqual([]);
  });

  it('tabs through the pieces both ways', () => {
    let s = r(start, { type: 'selectNext' });
    expect(s.selected).toBe('sofa-0');
    s = r(s, { type: 'selectNext' });
    expect(s.selected).toBe('plant-1');
    s = r(s, { type: 'selectNext' });
    expect(s.selected).toBe('sofa-0');
    s = r(s, { type: 'selectNext', back: true });
    expect(s.selected).toBe('plant-1');
  });
});
