import { describe, expect, it } from 'vitest';
import { FURNISH_AREA_STATUS as S } from '#shared/constants/furnish-area.ts';
import { areaStatus } from './furnish-area-status.ts';

const base = { grid: null, automatic: null, automaticFailed: false, maxPolygons: 8 };

describe('furniture area status', () => {
  it('says which area a run sends: finding, automatic, none found, or not shown', () => {
    expect(areaStatus(base)).toBe(S.finding);
    expect(areaStatus({ ...base, automatic: { share: 0.314 } })).toBe(S.automatic(31));
    expect(areaStatus({ ...base, automatic: { share: 0 } })).toBe(S.noFloor);
    expect(areaStatus({ ...base, automaticFailed: true })).toBe(S.unknown);
  });

  it('says the adjusted share, the patches left out, and when too little is painted to send', () => {
    const auto = { automatic: { share: 0.3 } };
    expect(areaStatus({ ...base, ...auto, grid: { share: 0.42, dropped: 0 } })).toBe(S.adjusted(42));
    expect(areaStatus({ ...base, ...auto, grid: { share: 0.42, dropped: 2 } })).toBe(
      S.adjusted(42) + S.dropped(8),
    );
    expect(areaStatus({ ...base, ...auto, grid: { share: 0.005, dropped: 0 } })).toBe(S.tooSmall);
  });
});
