// Pure position math for <ComparisonSlider>: kept apart from React so it can be unit tested.

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
/** The slider starts at the middle. */
export const SLIDER_DEFAULT = 50;
const STEP = 1;
const BIG_STEP = 10;

/** Clamps to 0-100; anything that is not a finite number falls back to the middle. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return SLIDER_DEFAULT;
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
}

/** Where a pointer at `clientX` sits inside a box, as a percentage of its width (clamped, 0.1 % precision). */
export function percentFromPointer(clientX: number, boxLeft: number, boxWidth: number): number {
  if (!(boxWidth > 0)) return SLIDER_DEFAULT;
  return clampPercent(Math.round(((clientX - boxLeft) / boxWidth) * 1000) / 10);
}

/**
 * The next position for a key press on the handle (WAI-ARIA slider pattern), or null when the key is not
 * one the slider handles. Shift or PageUp/PageDown move by 10.
 */
export function percentFromKey(key: string, current: number, shiftKey = false): number | null {
  const step = shiftKey ? BIG_STEP : STEP;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPercent(Math.round(current) - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPercent(Math.round(current) + step);
    case 'PageDown':
      return clampPercent(Math.round(current) - BIG_STEP);
    case 'PageUp':
      return clampPercent(Math.round(current) + BIG_STEP);
    case 'Home':
      return SLIDER_MIN;
    case 'End':
      return SLIDER_MAX;
    default:
      return null;
  }
}
