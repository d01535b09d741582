// Ray-cast renders of a box room with a known camera, floor and walls: ground truth for the
// analysis tests (horizon, floor boundary, focal length).
import type { RawImage } from '#server/engines/types.ts';
import type { Camera } from '#server/engines/local/geometry/camera.ts';

export interface SyntheticRoom {
  image: RawImage;
  camera: Camera;
  /** True floor boundary row per image column (height when the column shows no wall). */
  floorRow: Float32Array;
}

export interface RoomSpec {
  width: number;
  height: number;
  f: number;
  pitch: number;
  yaw: number;
  eye?: number;
  /** Walls in room coordinates: a = left / right, b = back. */
  left?: number;
  right?: number;
  back?: number;
}

export function renderSyntheticRoom(spec: RoomSpec): SyntheticRoom {
  const { width: W, height: H, f, pitch, yaw } = spec;
  const eye = spec.eye ?? 1.45;
  const [left, right, back, ceil] = [spec.left ?? -2.5, spec.right ?? 3, spec.back ?? 5.5, 2.7];
  const camera: Camera = { width: W, height: H, f, cx: W / 2, cy: H / 2, pitch, eye, yaw };
  const data = new Uint8Array(W * H * 3);
  const floorRow = new Float32Array(W).fill(H);
  const sp = Math.sin(pitch);
  const cp = Math.cos(pitch);
  const sy = Math.sin(yaw);
  const cy = Math.cos(yaw);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const xr = (x + 0.5 - W / 2) / f;
      const yr = -(y + 0.5 - H / 2) / f;
      // World ray (camera at the origin, eye height), then into room axes.
      const dx = xr;
      const dy = yr * cp - sp;
      const dz = yr * sp + cp;
      const da = dx * cy - dz * sy;
      const db = dx * sy + dz * cy;
      let t = Infinity;
      let surface = 'ceiling';
      const hit = (tt: number, name: string) => {
        if (tt > 1e-6 && tt < t) [t, surface] = [tt, name];
      };
      if (dy < 0) hit(eye / -dy, 'floor');
      if (dy > 0) hit((ceil - eye) / dy, 'ceiling');
      if (da < 0) hit(left / da, 'left');
      if (da > 0) hit(right / da, 'right');
      if (db > 0) hit(back / db, 'back');
      const pa = da * t;
      const pb = db * t;
      const py = eye + dy * t;
      let c: [number, number, number];
      if (surface === 'floor') {
        // Oak planks 15 cm wide running into the room, with dark joints.
        const plank = Math.floor((pa - left) / 0.15);
        const joint =
          Math.abs(((pa - left) / 0.15) % 1) < 0.06 || Math.abs(((pb + plank * 0.37) / 1.2) % 1) < 0.012;
        const tone = 150 + ((plank * 37) % 23);
        c = joint ? [90, 62, 40] : [tone, tone * 0.72, tone * 0.5];
      } else if (surface === 'ceiling') c = [244, 244, 242];
      else {
        const shadeWall = surface === 'back' ? 1 : surface === 'left' ? 0.9 : 0.82;
        const skirting = py < 0.1;
        const window = surface === 'back' && py > 0.9 && py < 2.1 && pa > -0.6 && pa < 0.8;
        c = window
          ? [250, 252, 255]
          : skirting
            ? [235, 235, 235]
            : [222 * shadeWall, 214 * shadeWall, 200 * shadeWall];
        if (!skirting && py < 0.12) c = [120, 120, 120];
      }
      if (surface !== 'floor' && surface !== 'ceiling' && dy < 0 && floorRow[x] === H) floorRow[x] = y;
      const p = (y * W + x) * 3;
      data[p] = c[0];
      data[p + 1] = c[1];
      data[p + 2] = c[2];
    }
  // floorRow holds the first wall row below the horizon scanning down; the floor starts below the wall.
  for (let x = 0; x < W; x++) {
    let row = H;
    for (let y = H - 1; y >= 0; y--) {
      const p = (y * W + x) * 3;
      if (isFloorColour(data, p)) row = y;
      else break;
    }
    floorRow[x] = row;
  }
  return { image: { width: W, height: H, channels: 3, data }, camera, floorRow };
}

const isFloorColour = (d: Uint8Array, p: number) => d[p]! - d[p + 2]! > 40;
