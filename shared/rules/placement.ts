// What the agent is told before paying when the engine plans a layout (the local engine), and when a
// finished run is refunded for placing fewer pieces than the room type needs. Plain functions shared by
// the client (the notice and the Transform button) and the server (the refund), so both say the same.
// See docs/decisions/0110-placement-before-payment.md.
import {
  DECOR_ONLY_BUTTON,
  DECOR_ONLY_MESSAGE,
  FURNISHED_MESSAGE,
  NO_OPEN_FLOOR_BUTTON,
  NO_OPEN_FLOOR_MESSAGE,
} from '../constants/staging.ts';

/** What the planned layout furnished, as the placement check and the run report it. */
export interface PlacementOutcome {
  /** The room type's main piece (sofa, bed, dining table, desk) stands in the layout. */
  mainPiece: boolean;
  /** Every piece placed (a finished run reports them; the check before payment may not). */
  pieces?: readonly string[];
}

export type PaymentNotice =
  /** Nothing to say beyond the usual; the button is the usual Transform Room. */
  | { kind: 'none' }
  /** Furniture is there and new pieces go around it: said, nothing to accept. */
  | { kind: 'furnished'; message: string }
  /** Fewer pieces than the room type needs: said, and the agent must accept it before paying. */
  | { kind: 'decor-only' | 'no-open-floor'; message: string; button: string };

export interface NoticeInput {
  /** The photo check saw furniture already in the room. */
  furnished: boolean;
  /** The engine can remove furniture first and the agent chose it. */
  declutter: boolean;
  /** The placement check's answer; null when the engine plans no layout or the check is not back. */
  placement: PlacementOutcome | null;
}

/**
 * The notice before payment. A decluttered room is staged as an empty one, so furniture in the photo
 * only matters without declutter; and only a layout that cannot stand the main piece needs accepting.
 */
export function paymentNotice(i: NoticeInput): PaymentNotice {
  const furnished = i.furnished && !i.declutter;
  if (i.placement && !i.placement.mainPiece) {
    return furnished
      ? { kind: 'decor-only', message: DECOR_ONLY_MESSAGE, button: DECOR_ONLY_BUTTON }
      : { kind: 'no-open-floor', message: NO_OPEN_FLOOR_MESSAGE, button: NO_OPEN_FLOOR_BUTTON };
  }
  return furnished ? { kind: 'furnished', message: FURNISHED_MESSAGE } : { kind: 'none' };
}

/**
 * Whether a finished run is refunded: it placed fewer pieces than the room type needs (no main piece)
 * and the agent did not accept that before paying, or it placed nothing at all (the photo comes back
 * as it was: accepting "fewer pieces" never means paying for none). Engines that plan no layout report
 * no placement.
 */
export function refundsFewerPieces(
  placement: PlacementOutcome | undefined | null,
  accepted: boolean,
): boolean {
  if (placement == null) return false;
  if (placement.pieces?.length === 0) return true;
  return !placement.mainPiece && !accepted;
}
