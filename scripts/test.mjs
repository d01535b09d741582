// `npm test`: the unit and in-process HTTP suite (Vitest), then the browser suite (Playwright) when
// Chromium is present. Ends with one summary line, "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM, chromiumAvailable } from './lib/chromium.mjs';
import { sharedDataCheck, sharedDataLine } from './lib/shared-data.mjs';

fs.mkdirSync('test-results', { recursive: true });

// The room photos and corpora live next to the repository, in ../shared; say at once what runs without them.
const shared = sharedDataCheck();
if (shared.missing.length > 0) console.log(sharedDataLine(shared));
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;

fs.rmSync('test-results/vitest.json', { force: true });
const unit = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  { stdio: 'inherit' },
);
const v = readJson('test-results/vitest.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
// A crash before the report was written still counts as a failure.
if (unit.status !== 0 && (!v || v.numFailedTests === 0)) failed += 1;

let e2eStatus = 0;
if (chromiumAvailable()) {
  fs.rmSync('test-results/e2e.json', { force: true });
  const e2e = spawnSync('node', ['scripts/e2e.mjs'], { stdio: 'inherit' });
  e2eStatus = e2e.status ?? 1;
  const r = readJson('test-results/e2e.json');
  if (r?.stats) {
    passed += r.stats.expected;
    failed += r.stats.unexpected + r.stats.flaky;
    skipped += r.stats.skipped;
  }
  if (e2eStatus !== 0 && !(r?.stats?.unexpected > 0)) failed += 1;
} else {
  console.log(
    `skipped: browser tests (Chromium not found at ${CHROMIUM}; install Debian's "chromium" package)`,
  );
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unit.status === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);
