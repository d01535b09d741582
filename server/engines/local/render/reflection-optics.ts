// The optics of a furniture reflection on a glossy floor, as pure functions (issue 30): how much a
// dielectric floor reflects at the camera's angle (Schlick's Fresnel), how the reflection fades with
// the height of what it mirrors above the floor, and how much it blurs with the distance from the
// contact line (a rough finish spreads each reflected ray into a cone, so the image widens with the
// distance the ray travels from the floor to what it meets).
import type { Camera } from '../geometry/camera.ts';

/** Reflectance at normal incidence of a varnished, waxed or glazed floor (refractive index ~1.5). */
export const F0 = 0.04;

/** Schlick's approximation of Fresnel reflectance for the cosine between view ray and normal. */
export function schlick(cos: number, f0 = F0): number {
  const m = 1 - Math.min(1, Math.max(0, cos));
  const m2 = m * m;
  return f0 + (1 - f0) * m2 * m2 * m;
}

/** Cosine between the floor's normal and the ray from full-resolution pixel (u, v) to the eye. */
export function viewCosine(cam: Camera, u: number, v: number): number {
  return viewCosines(cam)(u, v);
}

/** `viewCosine` for one camera, its pitch's sine and cosine taken once (it runs per floor pixel). */
export function viewCosines(cam: Camera): (u: number, v: number) => number {
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  return (u, v) => {
    const xr = (u - cam.cx) / cam.f;
    const yr = -(v - cam.cy) / cam.f;
    // The ray is right * xr + up * yr + forward; its downward part against its length.
    const down = -(yr * c - s);
    return down <= 0 ? 0 : down / Math.sqrt(xr * xr + yr * yr + 1);
  };
}

/**
 * How much of the reflection survives at `height` metres above the floor: a satin finish keeps the
 * feet and the bottom rail and loses the back; a polished one keeps most of the piece.
 */
export function heightFade(height: number, roughness: number): number {
  const h0 = 0.25 + 1.25 * (1 - roughness);
  return 1 / (1 + (Math.max(0, height) / h0) ** 2);
}

/** Blur radius (pixels) of the reflection at `offset` pixels from its contact line. */
export function blurAt(offset: number, roughness: number): number {
  return Math.max(0, offset) * (0.03 + 0.35 * roughness);
}

/**
 * Opacity of the reflection over the photo: Fresnel reflectance times the finish's factor `coat`,
 * hedged by how sure the gloss estimate is (`strength`); capped so the floor never turns into a mirror.
 */
export function reflectionAlpha(strength: number, coat: number, cos: number): number {
  return Math.min(0.45, Math.sqrt(Math.max(0, strength)) * coat * schlick(cos));
}

/** How much stronger than the reflectance the blend runs (see `overColour`). */
export const OVER = 2;

/**
 * The colour to blend over the floor, at opacity OVER × reflectance R, so that the floor ends as
 * photo + R × (piece − wall): the piece's reflection replaces the wall's, it does not paint over the
 * floor's own colour. `floor` and `wall` are the photo's mean colours next to the wall's base; the
 * photo's floor is taken as `floor` there. Clamped at black (a very dark piece before a bright wall
 * then darkens a little less than it should).
 */
export function overColour(piece: number, floor: number, wall: number): number {
  return Math.max(0, floor + (piece - wall) / OVER);
}
