import { loadFixture } from '#server/engines/local/test-fixtures.ts';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { layoutRoom, projectedBox } from '#server/engines/local/stage.ts';
import { fitLayout } from '#server/engines/local/layout/fit.ts';
import { templateFor } from '#server/engines/local/layout/templates.ts';
import { createRng } from '#server/engines/local/rng.ts';
const img = await loadFixture(process.argv[2]!, 800);
const a = analyze(img);
console.log('cam', a.camera, 'back', a.backWall);
const xs = a.floorRoom.map(p => p[0]), bs = a.floorRoom.map(p => p[1]);
console.log('floor a', Math.min(...xs).toFixed(2), Math.max(...xs).toFixed(2), 'b', Math.min(...bs).toFixed(2), Math.max(...bs).toFixed(2));
console.log('floorImage rows', a.floorImage.filter((_, i) => i % 10 === 0).map(p => p[1].toFixed(0)).join(' '));
console.log('openings', a.openings.map(o => `${o.kind} ${o.x0.toFixed(0)},${o.y0.toFixed(0)}-${o.x1.toFixed(0)},${o.y1.toFixed(0)}`));
const room = layoutRoom(a);
const noAllow = fitLayout({ ...room, allows: undefined }, templateFor(process.argv[3] as any), { rng: createRng(1), variant: 0 });
console.log('without allows', noAllow.map(i => `${i.kind}@${i.a.toFixed(1)},${i.b.toFixed(1)} box ${JSON.stringify(Object.fromEntries(Object.entries(projectedBox(a, i)).map(([k, v]) => [k, Math.round(v)])))} allowed ${room.allows!(i)}`).join('\n'));
for (const d of [6.5, 4.8, 3.6]) {
const withAllow = fitLayout(layoutRoom(a, d), templateFor(process.argv[3] as any), { rng: createRng(1), variant: 0 });
console.log('with allows', d, withAllow.map(i => `${i.kind}@${i.a.toFixed(1)},${i.b.toFixed(1)} ${i.w.toFixed(2)}x${i.d.toFixed(2)}`).join(' | '));
}
