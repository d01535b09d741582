import { describe, expect, it } from 'vitest';
import { reducer } from './use-toast.ts';

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
