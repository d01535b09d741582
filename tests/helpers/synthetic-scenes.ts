// Scenes painted pixel by pixel for the photo features' unit tests: sky over a house by day and by
// night, rooms with blue, grey or green walls with and without the ceiling in frame, leaves and
// floor boards. Each has a few levels of sensor noise, as camera photos do.
import type { RawImage } from '#server/engines/types.ts';

export type Rgb = readonly [number, number, number];
/** The colour at (x, y) given as fractions of the width and height. */
export type Painter = (u: number, v: number, rnd: (k: number) => number) => Rgb;

export function paint(painter: Painter, width = 960, height = 720): RawImage {
  const data = new Uint8Array(width * height * 3);
  let seed = 17;
  const rnd = (k: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return ((seed >>> 16) % (2 * k + 1)) - k;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = painter(x / width, y / height, rnd);
      const p = (y * width + x) * 3;
      const n = rnd(2);
      data[p] = clamp(r + n);
      data[p + 1] = clamp(g + n);
      data[p + 2] = clamp(b + n);
    }
  return { width, height, channels: 3, data };
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** A window-and-door facade between the sky (down to `skyline`) and a paved drive. */
function facade(u: number, v: number, skyline: number, lit: boolean): Rgb | null {
  if (v < skyline) return null;
  if (v > 0.85) return lit ? [70, 62, 55] : [150, 150, 148];
  const window = (u * 8) % 1 > 0.3 && (u * 8) % 1 < 0.7 && v > skyline + 0.08 && v < skyline + 0.25;
  if (window) return lit ? [250, 215, 150] : [40, 45, 55];
  const door = u > 0.45 && u < 0.55 && v > 0.6;
  if (door) return lit ? [120, 80, 50] : [110, 70, 40];
  return lit ? [185, 145, 100] : [215, 195, 165];
}

/**
 * A house front under a clear daylight sky: deep blue at the top, paler at the skyline and towards
 * the sun's side (real skies are never one flat colour across, unlike a letterbox bar).
 */
export const houseByDay = (skyline = 0.4): RawImage =>
  paint(
    (u, v) =>
      facade(u, v, skyline, false) ?? [
        40 + 80 * (v / skyline) + 20 * u,
        100 + 70 * (v / skyline) + 15 * u,
        215,
      ],
  );

/** The same house at night: a dark sky, glowing a little towards the town, over a floodlit facade. */
export const houseAtNight = (skyline = 0.4): RawImage =>
  paint(
    (u, v) => facade(u, v, skyline, true) ?? [14 + 14 * u, 18 + 12 * u, 36 + 15 * (v / skyline) + 10 * u],
  );

/**
 * A room: ceiling (when in frame) down to 12% of the height, a back wall of `wall` colour with two
 * corners, a skirting line at 68% and floor boards below it.
 */
export function room(
  wall: Rgb,
  opts: { ceiling?: boolean; ceilingColour?: Rgb; floor?: Rgb } = {},
): RawImage {
  const { ceiling = true, ceilingColour = [236, 234, 228], floor = [150, 110, 75] } = opts;
  return paint((u, v) => {
    // A ceiling is lit unevenly (brighter towards the window side), never one flat colour across.
    if (ceiling && v < 0.12)
      return [ceilingColour[0] - 20 * u, ceilingColour[1] - 20 * u, ceilingColour[2] - 20 * u];
    if (v >= 0.68) {
      // Boards: a seam every few percent of the width, converging a little to the back wall.
      const seam = Math.abs(((u - 0.5) * (1.6 - v) * 14) % 1) < 0.06;
      return seam ? [floor[0] - 45, floor[1] - 40, floor[2] - 30] : floor;
    }
    if (v > 0.665) return [250, 250, 250];
    // The back wall's corners with the side walls, and the side walls a shade darker.
    if (Math.abs(u - 0.18) < 0.004 || Math.abs(u - 0.82) < 0.004)
      return [wall[0] - 50, wall[1] - 50, wall[2] - 50];
    if (u < 0.18 || u > 0.82) return [wall[0] - 20, wall[1] - 20, wall[2] - 20];
    return wall;
  });
}

/** Leaves filling the frame: green, lit and shaded at random pixel to pixel, as grass is in skyOverLawn. */
export const foliage = (): RawImage =>
  paint(
    (_u, _v, rnd) => {
      const n = rnd(50);
      return [70 + n * 0.6 + rnd(20), 130 + n + rnd(20), 50 + n * 0.4 + rnd(20)];
    },
    1280,
    800,
  );

/** A green floor of narrow boards: texture, but all running one way. */
export const greenBoards = (): RawImage => paint((u) => ((u * 60) % 1 < 0.15 ? [40, 90, 50] : [80, 140, 90]));
