import fs from 'node:fs';
import { decodeImage } from '#server/lib/images/index.ts';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
const dir = '/work/shared/fixtures/rooms/';
for (const f of fs.readdirSync(dir).filter((f) => /\.(jpg|png)$/.test(f))) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(dir + f)));
  const a = analyze(img);
  const t = a.tone;
  const vert = a.segments.filter((s) => Math.abs(Math.abs(s.angle) - Math.PI / 2) < 0.2);
  const long = Math.max(img.width, img.height);
  const segLen = a.segments.reduce((s, g) => s + g.length, 0) / long;
  const vertLen = vert.reduce((s, g) => s + g.length, 0) / long;
  // sky: top 15% rows bluish & bright
  let sky = 0, skin = 0, n = 0;
  for (let y = 0; y < img.height; y += 4) for (let x = 0; x < img.width; x += 4) {
    const p = (y * img.width + x) * 3; const r = img.data[p]!, g = img.data[p + 1]!, b = img.data[p + 2]!;
    n++;
    if (y < img.height * 0.3 && b > r + 15 && b > g && b > 100) sky++;
    if (r > 95 && g > 40 && b > 20 && r > g + 15 && r > b && Math.max(r, g, b) - Math.min(r, g, b) > 15 && r - g < 100) skin++;
  }
  console.log(f.slice(0, 30).padEnd(30), `lum ${t.meanLum.toFixed(0)} dk ${t.dark.toFixed(2)} br ${t.bright.toFixed(2)} con ${t.contrast.toFixed(0)} sat ${t.saturation.toFixed(0)} sharp ${t.sharpness.toFixed(0)} segs ${a.segments.length} segL ${segLen.toFixed(1)} vertL ${vertLen.toFixed(1)} vps ${a.vanishingPoints.filter(v=>v.finite).length}/${a.vanishingPoints.length} sup ${a.vanishingPoints.map(v=>v.support.toFixed(2)).join(',')} fit ${a.fit.vanishing.toFixed(2)}/${a.fit.floor.toFixed(2)} hz ${((a.camera.cy - a.camera.f*Math.tan(a.camera.pitch))/img.height).toFixed(2)} sky ${(sky/n).toFixed(3)} skin ${(skin/n).toFixed(3)} conf ${a.confidence.toFixed(2)}`);
}
