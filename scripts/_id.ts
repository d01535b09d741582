import fs from 'node:fs';
import { decodeImage } from '#server/lib/images/index.ts';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { identifyImage, interiorEvidence } from '#server/engines/local/identify.ts';
const dir = '/work/shared/fixtures/rooms/';
for (const f of fs.readdirSync(dir).filter((f) => /\.(jpg|png)$/.test(f))) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(dir + f)));
  const a = analyze(img);
  const ev = interiorEvidence(img, a);
  const id = identifyImage(img, a);
  console.log(f.slice(0, 30).padEnd(30), id.isValid ? 'OK ' : 'REJ', id.roomType ?? '-', id.confidence.toFixed(2), Object.entries(ev).map(([k, v]) => k + ' ' + v.toFixed(3)).join(' '), id.reason ?? '', id.issues.join('|'));
}
