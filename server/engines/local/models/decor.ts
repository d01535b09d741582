// Decor: framed art, lamps and vases (rugs: rug.ts, plants: plant.ts).
import type { Vec3 } from '../geometry/vec.ts';
import type { StyleSpec } from '../styles/styles.ts';
import type { LampDesign } from './bedroom-designs.ts';
import { toned } from './designs.ts';
import { box, ellipsoid, lathe, part, quad, tube, type Mesh } from './mesh.ts';

export function art(mesh: Mesh, spec: StyleSpec, w: number, h: number, elevation: number): void {
  const frame = part(mesh, spec.legs === 'frame' ? spec.metal : spec.frame);
  const t = 0.025;
  const z = 0.02;
  const y0 = elevation;
  box(frame, [0, y0 + h - t / 2, z], [w, t, 0.03], 0.004, 1);
  box(frame, [0, y0 + t / 2, z], [w, t, 0.03], 0.004, 1);
  for (const s of [-1, 1]) box(frame, [s * (w / 2 - t / 2), y0 + h / 2, z], [t, h, 0.03], 0.004, 1);
  quad(
    part(mesh, spec.art),
    [-w / 2 + t, y0 + t, z + 0.005],
    [w / 2 - t, y0 + t, z + 0.005],
    [w / 2 - t, y0 + h - t, z + 0.005],
    [-w / 2 + t, y0 + h - t, z + 0.005],
  );
}

export function vase(mesh: Mesh, spec: StyleSpec, at: Vec3, h: number, r: number): void {
  lathe(
    part(mesh, spec.pot),
    at,
    [
      [0, 0],
      [r * 0.7, 0],
      [r, h * 0.35],
      [r * 0.55, h * 0.8],
      [r * 0.6, h],
      [0, h * 0.95],
    ],
    14,
  );
}

/** A table lamp; with a design (models/bedroom-designs.ts) its base, shade and size vary. */
export function tableLamp(mesh: Mesh, spec: StyleSpec, at: Vec3, h: number, ds?: LampDesign): void {
  const [x, y, z] = at;
  const lh = ds?.height ?? h;
  const baseMat = ds ? toned(spec.pot, ds.tone) : spec.pot;
  const profile: [number, number][] =
    ds?.base === 'column'
      ? [
          [0, 0],
          [0.06, 0],
          [0.06, 0.015],
          [0.025, 0.03],
          [0.022, lh * 0.55],
          [0, lh * 0.56],
        ]
      : ds?.base === 'ball'
        ? [
            [0, 0],
            [0.05, 0],
            [0.09, lh * 0.12],
            [0.1, lh * 0.25],
            [0.07, lh * 0.4],
            [0.015, lh * 0.5],
            [0.012, lh * 0.56],
            [0, lh * 0.56],
          ]
        : [
            [0, 0],
            [0.07, 0],
            [0.08, lh * 0.2],
            [0.05, lh * 0.45],
            [0.015, lh * 0.55],
            [0, lh * 0.56],
          ];
  lathe(part(mesh, baseMat), at, profile, 14);
  tube(part(mesh, spec.metal), [x, y + lh * 0.55, z], [x, y + lh * 0.7, z], 0.006, 0.006, 5);
  if (!ds) {
    shade(mesh, spec, [x, y + lh * 0.62, z], 0.12, 0.16, lh * 0.38);
    return;
  }
  const sh = lh * ds.shadeH;
  const r = ds.radius;
  if (ds.shade === 'globe' && spec.shade.texture !== 'bulb')
    ellipsoid(part(mesh, spec.shade), [x, y + lh * 0.62 + r * 0.8, z], r, r * 0.95, r, 14);
  else if (ds.shade === 'drum') shade(mesh, spec, [x, y + lh * 0.64, z], r, r, sh);
  else shade(mesh, spec, [x, y + lh * 0.62, z], r * 0.62, r, sh);
}

function shade(mesh: Mesh, spec: StyleSpec, at: Vec3, rTop: number, rBottom: number, h: number): void {
  const m = part(mesh, spec.shade);
  if (spec.shade.texture === 'bulb') {
    // Industrial: bare Edison bulb in a steel cage.
    ellipsoid(m, [at[0], at[1] + h * 0.4, at[2]], 0.045, 0.07, 0.045, 10);
    const cage = part(mesh, spec.metal);
    for (let i = 0; i < 4; i++) {
      const t = (i / 4) * Math.PI * 2;
      tube(
        cage,
        [at[0], at[1] + h * 0.05, at[2]],
        [at[0] + Math.cos(t) * 0.08, at[1] + h * 0.4, at[2] + Math.sin(t) * 0.08],
        0.004,
        0.004,
        4,
        false,
      );
      tube(
        cage,
        [at[0] + Math.cos(t) * 0.08, at[1] + h * 0.4, at[2] + Math.sin(t) * 0.08],
        [at[0], at[1] + h * 0.8, at[2]],
        0.004,
        0.004,
        4,
        false,
      );
    }
    return;
  }
  lathe(
    m,
    at,
    [
      [rBottom, 0],
      [rTop, h],
    ],
    20,
  );
}

export function floorLamp(mesh: Mesh, spec: StyleSpec, h: number): void {
  const metal = part(mesh, spec.metal);
  if (spec.legs === 'tapered' || spec.legs === 'rattan') {
    // Wooden tripod.
    for (let i = 0; i < 3; i++) {
      const t = (i / 3) * Math.PI * 2 + 0.5;
      tube(
        part(mesh, spec.frame),
        [Math.cos(t) * 0.2, 0, Math.sin(t) * 0.2],
        [0, h * 0.72, 0],
        0.012,
        0.012,
        6,
      );
    }
  } else {
    lathe(
      metal,
      [0, 0, 0],
      [
        [0, 0],
        [0.15, 0],
        [0.15, 0.02],
        [0.02, 0.035],
      ],
      20,
    );
    tube(metal, [0, 0.03, 0], [0, h * 0.75, 0], 0.012, 0.012, 8);
  }
  shade(mesh, spec, [0, h * 0.72, 0], 0.17, 0.22, h * 0.28);
}
