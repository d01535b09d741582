import fs from 'node:fs';
import { decodeImage } from '#server/lib/images/index.ts';
import { downscale, blur3, sobel } from '#server/engines/local/analysis/pyramid.ts';
import { detectSegments } from '#server/engines/local/analysis/segments.ts';
const dir = '/work/shared/fixtures/rooms/';
for (const f of fs.readdirSync(dir).filter((f) => /\.(jpg|png)$/.test(f))) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(dir + f)));
  const small = downscale(img, 800); const lum = blur3(small.lum); const g = sobel(lum);
  const segs = detectSegments(lum, g, Math.max(8, Math.max(lum.width, lum.height) * 0.03));
  let edges = 0; for (const m of g.mag) if (m > 8) edges++;
  const segPx = segs.reduce((s, x) => s + x.length, 0);
  const hor = segs.filter(s => Math.abs(s.angle) < 0.35).reduce((s, x) => s + x.length, 0);
  const ver = segs.filter(s => Math.abs(Math.abs(s.angle) - Math.PI/2) < 0.2).reduce((s, x) => s + x.length, 0);
  console.log(f.slice(0, 30).padEnd(30), 'straight', (segPx / Math.max(1, edges) * 2).toFixed(3), 'edgeDensity', (edges / (lum.width*lum.height)).toFixed(3), 'hv', ((hor+ver)/Math.max(1,segPx)).toFixed(2));
}
