// Builds the mesh for one placed item in its own frame.
import type { PlacedItem } from '../layout/fit.ts';
import type { Rng } from '../rng.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { bed } from './bed.ts';
import { coffeeTable } from './coffee-table.ts';
import { art, floorLamp } from './decor.ts';
import { plant } from './plant.ts';
import type { Mesh } from './mesh.ts';
import { armchair, bench, chair, officeChair } from './seating.ts';
import { rug } from './rug.ts';
import { sofa } from './sofa.ts';
import { nightstand } from './nightstand.ts';
import { bookshelf, desk, diningTable, roundTable, sideTable, sideboard } from './tables.ts';

export function buildItem(item: PlacedItem, spec: StyleSpec, rng: Rng): Mesh {
  const mesh: Mesh = [];
  const { w, d, h } = item;
  switch (item.kind) {
    case 'sofa':
      sofa(mesh, spec, w, d, rng);
      break;
    case 'armchair':
      armchair(mesh, spec, w, d, rng);
      break;
    case 'coffee-table':
      coffeeTable(mesh, spec, w, d, h, rng);
      break;
    case 'side-table':
      sideTable(mesh, spec, w, d, h);
      break;
    case 'floor-lamp':
      floorLamp(mesh, spec, h);
      break;
    case 'rug':
      rug(mesh, spec, w, d, rng);
      break;
    case 'plant':
      plant(mesh, spec, w, h, rng);
      break;
    case 'art':
      art(mesh, spec, w, h, item.elevation);
      break;
    case 'bed':
      bed(mesh, spec, w, d, h, rng);
      break;
    case 'nightstand':
      nightstand(mesh, spec, w, d, h, rng);
      break;
    case 'bench':
      bench(mesh, spec, w, d, h);
      break;
    case 'dining-table':
      diningTable(mesh, spec, w, d, h);
      break;
    case 'round-table':
      roundTable(mesh, spec, w, d, h);
      break;
    case 'chair':
      chair(mesh, spec, w, d, h);
      break;
    case 'sideboard':
      sideboard(mesh, spec, w, d, h);
      break;
    case 'desk':
      desk(mesh, spec, w, d, h);
      break;
    case 'office-chair':
      officeChair(mesh, spec, w, d, h);
      break;
    case 'bookshelf':
      bookshelf(mesh, spec, w, d, h, rng);
      break;
  }
  return mesh;
}
