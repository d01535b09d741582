// Pinhole camera over a floor plane y = 0, with pitch only (listing photos are shot level in roll),
// in full-resolution pixel units. The room frame adds a yaw so furniture lines up with the walls:
// room coordinates (a, b) are metres along the wall and into the room. It lives in shared/ because
// the local engine measures it and the layout editor drops pieces through it: a pointer lands
// where the engine renders (issue 31).
/** A point or direction in world coordinates (x right, y up, z forward), metres. */
export type Vec3 = [number, number, number];

export interface Camera {
  readonly width: number;
  readonly height: number;
  /** Focal length in pixels. */
  readonly f: number;
  readonly cx: number;
  readonly cy: number;
  /** Downward tilt in radians (positive looks down). */
  readonly pitch: number;
  /** Eye height above the floor in metres. */
  readonly eye: number;
  /** Angle of the room's depth axis from the camera's forward direction, radians. */
  readonly yaw: number;
}

export const DEFAULT_EYE_HEIGHT = 1.45;
/** 65 degrees across the long side, the fallback when no focal length can be measured. */
export const defaultFocal = (width: number, height: number) =>
  Math.max(width, height) / 2 / Math.tan((65 * Math.PI) / 360);

export function cameraFromHorizon(
  width: number,
  height: number,
  horizonY: number,
  f: number,
  yaw = 0,
  eye = DEFAULT_EYE_HEIGHT,
): Camera {
  const cx = width / 2;
  const cy = height / 2;
  return { width, height, f, cx, cy, pitch: Math.atan2(cy - horizonY, f), eye, yaw };
}

export const horizonRow = (cam: Camera) => cam.cy - cam.f * Math.tan(cam.pitch);

/** World point -> [u, v, depth]; depth <= 0 means behind the camera. */
export function project(cam: Camera, p: Vec3): Vec3 {
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  const x = p[0];
  const y = p[1] - cam.eye;
  const z = p[2];
  const yc = y * c + z * s;
  const zc = -y * s + z * c;
  return [cam.cx + (cam.f * x) / zc, cam.cy - (cam.f * yc) / zc, zc];
}

/** Where the pixel's ray meets the floor, or null above the horizon. */
export function floorPoint(cam: Camera, u: number, v: number): Vec3 | null {
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  const xr = (u - cam.cx) / cam.f;
  const yr = -(v - cam.cy) / cam.f;
  // Ray direction = right * xr + up * yr + forward.
  const dy = yr * c - s;
  const dz = yr * s + c;
  if (dy >= -1e-6) return null;
  const t = cam.eye / -dy;
  return [xr * t, 0, dz * t];
}

export const roomToWorld = (cam: Camera, a: number, b: number, y = 0): Vec3 => {
  const s = Math.sin(cam.yaw);
  const c = Math.cos(cam.yaw);
  return [a * c + b * s, y, -a * s + b * c];
};

export const worldToRoom = (cam: Camera, p: Vec3): [number, number] => {
  const s = Math.sin(cam.yaw);
  const c = Math.cos(cam.yaw);
  return [p[0] * c - p[2] * s, p[0] * s + p[2] * c];
};

/** Room-floor point -> image point. */
export const projectRoom = (cam: Camera, a: number, b: number, y = 0) =>
  project(cam, roomToWorld(cam, a, b, y));
