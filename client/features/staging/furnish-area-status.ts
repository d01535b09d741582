// The furniture area editor's status line (decision 0213): which area a run would send. The words
// live in shared/constants/furnish-area.ts.
import { FURNISH_AREA_LIMITS, FURNISH_AREA_STATUS as S } from '#shared/constants/furnish-area.ts';

export interface AreaStatusInput {
  /** The agent's area, when adjusted: its share of the photo and patches left out. */
  grid: { share: number; dropped: number } | null;
  /** The automatic area as shown, once known. */
  automatic: { share: number } | null;
  automaticFailed: boolean;
  maxPolygons: number;
}

const pct = (share: number) => Math.round(share * 100);

export function areaStatus(i: AreaStatusInput): string {
  if (i.grid) {
    // The same floor as furnishAreaField: under it nothing is sent and the run uses the automatic area.
    if (i.grid.share < FURNISH_AREA_LIMITS.minTotalArea) return S.tooSmall;
    return S.adjusted(pct(i.grid.share)) + (i.grid.dropped ? S.dropped(i.maxPolygons) : '');
  }
  if (i.automatic) return i.automatic.share > 0 ? S.automatic(pct(i.automatic.share)) : S.noFloor;
  return i.automaticFailed ? S.unknown : S.finding;
}
