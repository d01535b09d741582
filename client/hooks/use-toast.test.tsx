import { describe, expect, it } from 'vitest';
import { isNotice, reducer } from './use-toast.ts';

describe('toast reducer', () => {
  it('keeps at most one toast, the newest', () => {
    let s = reducer({ toasts: [] }, { type: 'ADD', toast: { id: '1', title: 'first' } });
    s = reducer(s, { type: 'ADD', toast: { id: '2', title: 'second' } });
    expect(s.toasts.map((t) => t.id)).toEqual(['2']);
  });
  it('closes on dismiss and removes on remove', () => {
    let s = reducer({ toasts: [] }, { type: 'ADD', toast: { id: '1', open: true } });
    s = reducer(s, { type: 'DISMISS', id: '1' });
    expect(s.toasts[0]?.open).toBe(false);
    s = reducer(s, { type: 'REMOVE', id: '1' });
    expect(s.toasts).toEqual([]);
  });
});

describe('isNotice: what gives way to a drawing surface', () => {
  it('is an open toast that is not an error and has no button', () => {
    expect(isNotice({ id: '1', open: true, title: 'Room identified!' })).toBe(true);
    expect(isNotice({ id: '1', title: 'Room identified!' })).toBe(true);
    expect(isNotice({ id: '1', open: false, title: 'Room identified!' })).toBe(false);
    expect(isNotice({ id: '1', open: true, variant: 'destructive', title: 'Transform failed' })).toBe(false);
    expect(isNotice({ id: '1', open: true, title: 'Out of credits', action: <span>See plans</span> })).toBe(
      false,
    );
  });
});
