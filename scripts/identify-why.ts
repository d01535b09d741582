// Why the photo check judged photos as it did: the verdict, the outdoor score, the photo features and
// every detection (label, score, box as frame fractions), one block per photo.
//   npx tsx scripts/identify-why.ts <photo> [<photo> ...]
import fs from 'node:fs';
import { FEATURE_SIDE, photoFeatures } from '#server/engines/local/analysis/photo-features.ts';
import { downscale } from '#server/engines/local/analysis/pyramid.ts';
import { loadDetector } from '#server/engines/local/detect/model.ts';
import { identifyImage, outdoorScore } from '#server/engines/local/identify.ts';
import { decodeImage } from '#server/lib/images/index.ts';

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: npx tsx scripts/identify-why.ts <photo> [<photo> ...]');
  process.exit(2);
}
const detector = await loadDetector();
for (const file of files) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(file)), { maxBytes: Infinity });
  const small = downscale(img, FEATURE_SIDE);
  const f = photoFeatures(img, small);
  const dets = detector.detect(small);
  const id = identifyImage(img, f, dets);
  const verdict = id.isValid
    ? `accepted ${id.roomType ?? '-'}${id.furnished ? ' furnished' : ''}`
    : `refused ${id.refusal ?? ''}`;
  console.log(`\n${file} ${img.width}x${img.height}: ${verdict}; outdoor ${outdoorScore(f).toFixed(2)}`);
  console.log(
    '  ' +
      Object.entries(f)
        .map(([k, v]) => `${k} ${(v as number).toFixed(3)}`)
        .join(', '),
  );
  for (const d of dets)
    console.log(
      `  ${d.label.padEnd(14)} ${d.score.toFixed(2)} [${d.box.map((v) => v.toFixed(2)).join(', ')}]`,
    );
}
