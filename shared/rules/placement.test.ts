import { describe, expect, it } from 'vitest';
import { DECOR_ONLY_MESSAGE, FURNISHED_MESSAGE, NO_OPEN_FLOOR_MESSAGE } from '../constants/staging.ts';
import { paymentNotice, refundsFewerPieces } from './placement.ts';

const placed = { mainPiece: true };
const notPlaced = { mainPiece: false };

describe('paymentNotice', () => {
  it('says nothing for an empty room whose main piece fits, or before the check is back', () => {
    expect(paymentNotice({ furnished: false, declutter: false, placement: placed })).toEqual({
      kind: 'none',
    });
    expect(paymentNotice({ furnished: false, declutter: false, placement: null })).toEqual({ kind: 'none' });
  });

  it('asks to accept a room without open floor, with the plain message', () => {
    const n = paymentNotice({ furnished: false, declutter: false, placement: notPlaced });
    expect(n).toMatchObject({ kind: 'no-open-floor', message: NO_OPEN_FLOOR_MESSAGE });
  });

  it('tells a furnished room without declutter that only decor is added, and asks to accept it', () => {
    const n = paymentNotice({ furnished: true, declutter: false, placement: notPlaced });
    expect(n).toMatchObject({ kind: 'decor-only', message: DECOR_ONLY_MESSAGE });
  });

  it('only notes furniture when the main piece still fits around it', () => {
    expect(paymentNotice({ furnished: true, declutter: false, placement: placed })).toEqual({
      kind: 'furnished',
      message: FURNISHED_MESSAGE,
    });
  });

  it('treats a decluttered room as empty', () => {
    expect(paymentNotice({ furnished: true, declutter: true, placement: null })).toEqual({ kind: 'none' });
    expect(paymentNotice({ furnished: true, declutter: true, placement: notPlaced }).kind).toBe(
      'no-open-floor',
    );
  });
});

describe('refundsFewerPieces', () => {
  it('refunds a run without its main piece unless the agent accepted it', () => {
    expect(refundsFewerPieces(notPlaced, false)).toBe(true);
    expect(refundsFewerPieces(notPlaced, true)).toBe(false);
  });

  it('never refunds a run whose main piece stands, or an engine that plans no layout', () => {
    expect(refundsFewerPieces(placed, false)).toBe(false);
    expect(refundsFewerPieces(undefined, false)).toBe(false);
    expect(refundsFewerPieces(null, false)).toBe(false);
  });
});

describe('refundsFewerPieces, a run that placed nothing', () => {
  it('is refunded even when the agent accepted fewer pieces', () => {
    expect(refundsFewerPieces({ mainPiece: false, pieces: [] }, true)).toBe(true);
    expect(refundsFewerPieces({ mainPiece: false, pieces: ['plant'] }, true)).toBe(false);
    expect(refundsFewerPieces({ mainPiece: false, pieces: ['plant'] }, false)).toBe(true);
  });
});
