import { EMPTY_ROOMS, loadFixture } from '#server/engines/local/test-fixtures.ts';
import { stageImage } from '#server/engines/local/stage.ts';
const roomFor = (name: string) => name.includes('bedroom') ? 'bedroom' : name.includes('kitchen') ? 'kitchen' : name.includes('dining') ? 'dining-room' : name.includes('office') ? 'office' : 'living-room';
for (const name of EMPTY_ROOMS.filter(n => !process.argv[2] || n.includes(process.argv[2]))) {
  const img = await loadFixture(name, 800);
  const res = [];
  for (const style of ['modern', 'minimalist', 'bohemian'] as const) {
    const t0 = performance.now();
    const r = await stageImage(img, { style, roomType: roomFor(name) as any, variant: 0 });
    res.push(`${style} ${(r.furnitureMask.reduce((a, v) => a + (v ? 1 : 0), 0) / r.furnitureMask.length).toFixed(3)} ${(performance.now() - t0).toFixed(0)}ms`);
  }
  console.log(name.padEnd(36), res.join(' | '));
}
