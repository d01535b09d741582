// The check before payment (decision 0110): once a photo is judged stageable, ask whether the room
// type's main piece finds open floor, and turn the answer into the notice, the Transform button's words
// and the agent's acknowledgement. Only engines that plan a layout are asked.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { paymentNotice, type PaymentNotice } from '#shared/rules/placement.ts';
import type { EngineInfo } from '#shared/schemas/staging.ts';
import { fileKey } from '#client/lib/query-keys.ts';
import { checkPlacement } from './api.ts';
import { canDeclutter } from './declutter.ts';
import { runCostText, type RunCharge } from './run-cost.ts';

/** When we cannot know the agent's balance (signed out, loading): the rule, not their figure. */
const GENERIC_PRICE = 'A transformation of a new photo costs 1 credit or 1 of your monthly transformations.';

export interface PlacementInput {
  file: File | null;
  style: Style;
  roomType: RoomType;
  /** Identification said the photo can be staged and is done. */
  ready: boolean;
  furnished: boolean;
  declutter: boolean;
  engine: EngineInfo | undefined;
  charge: RunCharge;
}

export interface PlacementState {
  notice: PaymentNotice;
  /** What the run costs, said with a notice that asks for acceptance. */
  price: string | null;
  checking: boolean;
  accepted: boolean;
  setAccepted: (v: boolean) => void;
  /** The agent must tick the acknowledgement before Transform runs. */
  needsAcceptance: boolean;
  /** The transform's field: sent only when accepted after such a notice. */
  field: { acceptFewerPieces?: 'true' };
}

export function usePlacementCheck(i: PlacementInput): PlacementState {
  const enabled = Boolean(i.file && i.ready && i.engine?.plansLayout);
  const q = useQuery({
    queryKey: ['/api/placement-check', fileKey(i.file), i.style, i.roomType],
    queryFn: () => checkPlacement(i.file!, i.style, i.roomType),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  // An acknowledgement is for one photo and one choice: a new photo or room type asks again.
  const choice = `${fileKey(i.file)}:${i.style}:${i.roomType}`;
  const [ack, setAck] = useState<{ choice: string; accepted: boolean }>({ choice: '', accepted: false });
  const accepted = ack.choice === choice && ack.accepted;
  const placement = enabled && q.data?.checked ? { mainPiece: q.data.mainPiece === true } : null;
  const notice = paymentNotice({
    furnished: i.furnished,
    declutter: i.declutter && canDeclutter(i.engine),
    placement,
  });
  const needsAcceptance = notice.kind === 'decor-only' || notice.kind === 'no-open-floor';
  return {
    notice,
    price: needsAcceptance ? (runCostText(i.charge) ?? GENERIC_PRICE) : null,
    checking: enabled && q.isPending,
    accepted,
    setAccepted: (v) => setAck({ choice, accepted: v }),
    needsAcceptance,
    field: needsAcceptance && accepted ? { acceptFewerPieces: 'true' } : {},
  };
}
