import { ROOM_TYPES } from '#shared/constants/staging.ts';
import { fitLayout } from '#server/engines/local/layout/fit.ts';
import { templateFor } from '#server/engines/local/layout/templates.ts';
import { createRng } from '#server/engines/local/rng.ts';
const floor: [number, number][] = [[-1.5, 1.2], [1.5, 1.2], [2.5, 5.5], [-2.5, 5.5]];
for (const roomType of ROOM_TYPES) {
  const items = fitLayout({ floor, keepOut: [] }, templateFor(roomType), { rng: createRng(1), variant: 0 });
  console.log(roomType, items.map((i) => `${i.kind}@${i.a.toFixed(1)},${i.b.toFixed(1)} g${i.group}`).join(' '));
}
