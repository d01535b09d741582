// House plants from a design (models/designs.ts): a broadleaf (fiddle-leaf fig), an upright
// (snake plant), a palm with arching fronds, a round bush and a small tree with a bare trunk, each
// in one of several pots; leaves vary in size, angle and tone. Judges of decision 0130 saw the
// same blocky plant in every room.
import type { Vec3 } from '../geometry/vec.ts';
import type { Rng } from '../rng.ts';
import type { Material } from '../styles/materials.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { plantDesign, type PlantDesign } from './designs.ts';
import { lathe, leafBlade, part, tube, type Mesh, type Part } from './mesh.ts';

export function plant(mesh: Mesh, spec: StyleSpec, w: number, h: number, rng: Rng): void {
  const ds = plantDesign(spec, rng);
  const potH = h * (ds.potShape === 'bowl' ? 0.16 : rng.range(0.2, 0.3));
  const potR = w * (ds.potShape === 'bowl' ? 0.42 : rng.range(0.28, 0.36));
  pot(part(mesh, ds.pot), ds.potShape, potR, potH);
  const leaf = part(mesh, ds.leaf);
  const stem = part(mesh, spec.wood);
  const g: Grow = { leaf, stem, rng, w, h, potH, potR, leafMat: ds.leaf };
  SPECIES[ds.species](g);
}

interface Grow {
  leaf: Part;
  stem: Part;
  rng: Rng;
  w: number;
  h: number;
  potH: number;
  potR: number;
  leafMat: Material;
}

function pot(p: Part, shape: PlantDesign['potShape'], r: number, h: number): void {
  const profiles: Record<PlantDesign['potShape'], [number, number][]> = {
    taper: [
      [0, 0],
      [r * 0.72, 0],
      [r * 0.9, h * 0.5],
      [r, h],
      [r * 0.92, h],
      [0, h * 0.95],
    ],
    cylinder: [
      [0, 0],
      [r * 0.96, 0],
      [r, h * 0.05],
      [r, h],
      [r * 0.93, h],
      [0, h * 0.95],
    ],
    belly: [
      [0, 0],
      [r * 0.6, 0],
      [r, h * 0.45],
      [r * 0.8, h * 0.9],
      [r * 0.82, h],
      [0, h * 0.95],
    ],
    bowl: [
      [0, 0],
      [r * 0.55, 0],
      [r * 0.95, h * 0.6],
      [r, h],
      [r * 0.94, h],
      [0, h * 0.9],
    ],
  };
  lathe(p, [0, 0, 0], profiles[shape], 20);
}

const norm3 = (v: Vec3): Vec3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};

const along = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A leaf at `at`, pointing at azimuth `az` with vertical component `rise`. */
function leafAt(
  g: Grow,
  at: Vec3,
  az: number,
  rise: number,
  len: number,
  width: number,
  fold?: number,
): void {
  const dir = norm3([Math.cos(az), rise, Math.sin(az)]);
  const side = norm3([-Math.sin(az), 0, Math.cos(az)]);
  leafBlade(g.leaf, at, dir, side, len, width, fold);
}

const SPECIES: Record<PlantDesign['species'], (g: Grow) => void> = {
  // Fiddle-leaf fig: a few stems, big drooping leaves along them.
  broadleaf(g) {
    const { rng, w, h, potH } = g;
    const stems = 3 + rng.int(4);
    for (let s = 0; s < stems; s++) {
      const az = (s / stems) * Math.PI * 2 + rng.range(-0.4, 0.4);
      const lean = rng.range(0.05, 0.3);
      const top: Vec3 = [
        Math.cos(az) * lean * h * 0.5,
        potH + (h - potH) * rng.range(0.7, 1),
        Math.sin(az) * lean * h * 0.5,
      ];
      const root: Vec3 = [0, potH * 0.9, 0];
      tube(g.stem, root, top, 0.009, 0.005, 5, false);
      const leaves = 5 + rng.int(5);
      for (let k = 0; k < leaves; k++) {
        const at = along(root, top, 0.3 + (0.7 * k) / leaves);
        const size = rng.range(0.7, 1.15);
        leafAt(
          g,
          at,
          az + (k % 2 ? 1 : -1) * rng.range(0.5, 1.7),
          rng.range(-0.4, 0.5),
          w * 0.34 * size,
          w * 0.22 * size,
        );
      }
    }
  },
  // Snake plant: stiff upright blades straight from the soil.
  upright(g) {
    const { rng, h, potH, potR } = g;
    const blades = 9 + rng.int(8);
    for (let i = 0; i < blades; i++) {
      const az = rng.range(0, Math.PI * 2);
      const r = rng.range(0, potR * 0.6);
      const at: Vec3 = [Math.cos(az) * r, potH * 0.92, Math.sin(az) * r];
      leafAt(g, at, az, rng.range(4, 9), (h - potH) * rng.range(0.5, 1), rng.range(0.05, 0.08), 0.1);
    }
  },
  // Palm (kentia/areca): arching fronds of narrow leaflets.
  palm(g) {
    const { rng, w, h, potH } = g;
    const fronds = 5 + rng.int(4);
    for (let f = 0; f < fronds; f++) {
      const az = (f / fronds) * Math.PI * 2 + rng.range(-0.3, 0.3);
      const root: Vec3 = [0, potH * 0.9, 0];
      const reach = rng.range(0.25, 0.5) * w * 1.4;
      const top: Vec3 = [Math.cos(az) * reach, potH + (h - potH) * rng.range(0.65, 1), Math.sin(az) * reach];
      tube(g.stem, root, top, 0.006, 0.003, 4, false);
      const pairs = 10 + rng.int(5);
      for (let k = 0; k < pairs; k++) {
        const t = 0.25 + (0.75 * k) / pairs;
        const at = along(root, top, t);
        const len = w * 0.32 * (1 - Math.abs(t - 0.55) * 0.9);
        for (const s of [-1, 1])
          leafAt(g, at, az + s * rng.range(1.0, 1.4), rng.range(-0.9, -0.3), len, 0.025, 0.15);
      }
    }
  },
  // A round bush: many small leaves on a dome above the pot.
  bush(g) {
    const { rng, w, h, potH } = g;
    const n = 70 + rng.int(40);
    const cy = potH + (h - potH) * 0.45;
    for (let i = 0; i < n; i++) {
      const az = rng.range(0, Math.PI * 2);
      const el = rng.range(-0.3, 1.3);
      const rr = w * 0.45 * rng.range(0.7, 1);
      const at: Vec3 = [
        Math.cos(az) * Math.cos(el) * rr,
        cy + Math.sin(el) * (h - potH) * 0.5,
        Math.sin(az) * Math.cos(el) * rr,
      ];
      leafAt(
        g,
        at,
        az + rng.range(-0.8, 0.8),
        rng.range(-0.3, 0.8),
        w * rng.range(0.12, 0.2),
        w * rng.range(0.07, 0.11),
      );
    }
  },
  // A small tree (olive, ficus): a bare trunk and a loose crown of small leaves.
  tree(g) {
    const { rng, w, h, potH } = g;
    const crown = potH + (h - potH) * 0.55;
    const lean: Vec3 = [rng.range(-0.06, 0.06), crown, rng.range(-0.06, 0.06)];
    tube(g.stem, [0, potH * 0.9, 0], lean, 0.02, 0.013, 6, false);
    const n = 90 + rng.int(60);
    for (let i = 0; i < n; i++) {
      const az = rng.range(0, Math.PI * 2);
      const r = w * 0.55 * Math.sqrt(rng.next());
      const at: Vec3 = [
        lean[0] + Math.cos(az) * r,
        crown + rng.range(0, h - crown) * (1 - (r / (w * 0.55)) * 0.5),
        lean[2] + Math.sin(az) * r,
      ];
      leafAt(
        g,
        at,
        rng.range(0, Math.PI * 2),
        rng.range(-0.6, 0.4),
        w * rng.range(0.1, 0.16),
        w * rng.range(0.035, 0.06),
      );
    }
  },
};
