// `npm run bench:web`: builds the client, prints the gzipped JavaScript each route loads (the entry plus
// the route's lazy chunk and everything they import), then measures the largest contentful paint of "/"
// in Debian's Chromium against the built server with 4x CPU throttling.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from './lib/chromium.mjs';
import { startServer } from './lib/server-harness.mjs';

const DIST = 'dist/client';
if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;

function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const entryKeys = closure('index.html');
const entryBytes = [...entryKeys]
  .filter((k) => manifest[k].file.endsWith('.js'))
  .reduce((s, k) => s + gz(manifest[k].file), 0);
console.log(`entry (shared by every route): ${kb(entryBytes)} gzipped`);
const routes = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.startsWith('routes/'));
const rows = routes.map((k) => {
  const keys = [...closure(k)].filter((x) => !entryKeys.has(x) && manifest[x].file.endsWith('.js'));
  return {
    route: k.replace(/^routes\//, '').replace(/\.tsx$/, ''),
    total: entryBytes + keys.reduce((s, x) => s + gz(manifest[x].file), 0),
  };
});
for (const r of rows.sort((a, b) => b.total - a.total)) console.log(`  ${r.route.padEnd(40)} ${kb(r.total)}`);
const home = rows.find((r) => r.route === 'home/home-page');
console.log(`home route JavaScript: ${kb(home?.total ?? entryBytes)} gzipped  [target <= 200 KB]`);

if (!chromiumAvailable()) {
  console.log(`skipped: LCP (Chromium not found at ${CHROMIUM})`);
  process.exit(0);
}
const server = await startServer({ label: 'benchweb' });
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const lcps = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__lcp = null;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const el = e.element;
          window.__lcp = {
            t: e.startTime,
            what: el
              ? `<${el.tagName.toLowerCase()}> ${e.url ? e.url.split('/').pop() : (el.textContent ?? '').slice(0, 40)}`
              : '?',
          };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(server.baseUrl + '/', { waitUntil: 'load' });
    // A page that has not painted yet must not count as a fast one: wait for the first entry.
    await page.waitForFunction(() => window.__lcp !== null, null, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    const r = await page.evaluate(() => ({
      ...window.__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      dcl: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
    }));
    console.log(
      `  load ${i + 1}: LCP ${r.t.toFixed(0)} ms (${r.what}), FCP ${r.fcp.toFixed(0)} ms, DOMContentLoaded ${r.dcl.toFixed(0)} ms`,
    );
    lcps.push(r.t);
    await context.close();
  }
  await browser.close();
  const sorted = [...lcps].sort((a, b) => a - b);
  console.log(
    `LCP of / (4x CPU throttling, 5 cold loads): median ${sorted[2].toFixed(0)} ms, worst ${sorted[4].toFixed(0)} ms  [target < 2000 ms]`,
  );
  // Wall-clock figures: meaningless while other work loads the machine (compare the JavaScript sizes then).
  console.log(`load average while measuring: ${os.loadavg()[0].toFixed(1)}`);
} finally {
  await server.stop();
}
