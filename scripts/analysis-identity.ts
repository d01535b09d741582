// The analysis phase's outputs on every fixture photo, to show a speed change leaves them alone
// (decision 0205): both room analyses (colour floor, room-box floor), the detector's boxes and the
// thin posts on the floor (decision 0241; a baseline written before them reports them as new), every
// number at full precision.
//   npm run analysis:identity -- --write /tmp/before.json     (on the code before the change)
//   npm run analysis:identity -- --check /tmp/before.json     (after it: lists every difference)
//   npm run analysis:identity -- --digests                    (rewrites the identity test's digests)
// --tol 1e-9 accepts relative differences up to that size (float noise) instead of exact equality.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import {
  analysisRecord,
  canonical,
  DIGEST_FILE,
  pixelDigest,
  recordDigest,
  type Digests,
} from '#server/engines/local/analysis/fingerprint.ts';
import { downscale, downscaleLum } from '#server/engines/local/analysis/pyramid.ts';
import { floorView, fromView } from '#server/engines/local/detect/floor-view.ts';
import { DETECT_SOURCE_SIDE, loadDetector } from '#server/engines/local/detect/model.ts';
import { FIXTURE_DIR, fixtureNames } from '#server/engines/local/fixture-photos.ts';
import { horizonRow } from '#server/engines/local/geometry/camera.ts';
import { floorPosts, POSTS_SIDE } from '#server/engines/local/layout/floor-posts.ts';
import { decodeImage } from '#server/lib/images/index.ts';

const { values } = parseArgs({
  options: {
    write: { type: 'string' },
    check: { type: 'string' },
    digests: { type: 'boolean', default: false },
    tol: { type: 'string', default: '0' },
  },
});
sharp.concurrency(1);
const detector = await loadDetector();
const records: Record<string, unknown> = {};
const digests: Digests = { pixels: {}, analysis: {} };
for (const file of fixtureNames()) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
  const record = analysisRecord(img);
  digests.pixels[file] = pixelDigest(img);
  digests.analysis[file] = recordDigest(record);
  // The detector's boxes as staging asks for them (plan-staging.ts).
  const { camera, floorImage } = analyze(img);
  const { view, top } = floorView(downscale(img, DETECT_SOURCE_SIDE), horizonRow(camera) / img.height);
  // The posts as staging finds them (plan-staging.ts).
  const posts = floorPosts(downscaleLum(img, POSTS_SIDE, horizonRow(camera)), floorImage, camera);
  records[file] = {
    ...record,
    detections: canonical(fromView(detector.detect(view), top)),
    posts: canonical(posts),
  };
}

if (values.digests) {
  fs.writeFileSync(DIGEST_FILE, `${JSON.stringify(digests, null, 2)}\n`);
  console.log(
    `wrote ${Object.keys(digests.analysis).length} digests to ${path.relative(process.cwd(), DIGEST_FILE)}`,
  );
}
if (values.write) {
  fs.writeFileSync(values.write, JSON.stringify(records));
  console.log(`wrote ${Object.keys(records).length} records to ${values.write}`);
}
if (values.check) {
  const before = JSON.parse(fs.readFileSync(values.check, 'utf8')) as Record<string, unknown>;
  const tol = Number(values.tol);
  const diffs: string[] = [];
  const compare = (a: unknown, b: unknown, at: string): void => {
    if (diffs.length > 50) return;
    if (typeof a === 'number' && typeof b === 'number') {
      if (a !== b && !(Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b))))
        diffs.push(`${at}: ${a} -> ${b}`);
    } else if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) diffs.push(`${at}: ${a.length} items -> ${b.length}`);
      else a.forEach((v, i) => compare(v, b[i], `${at}[${i}]`));
    } else if (a && b && typeof a === 'object' && typeof b === 'object') {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys)
        compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    } else if (a !== b) diffs.push(`${at}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
  };
  for (const file of new Set([...Object.keys(before), ...Object.keys(records)]))
    compare(before[file], JSON.parse(JSON.stringify(records[file] ?? null)), file);
  for (const d of diffs) console.log(d);
  console.log(
    diffs.length
      ? `${diffs.length > 50 ? 'over 50' : diffs.length} differences`
      : `identical on all ${Object.keys(records).length} photos${tol ? ` (within ${tol})` : ''}`,
  );
  process.exitCode = diffs.length ? 1 : 0;
}
