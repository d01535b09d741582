// `npm run bench:web`: builds the client, starts the built server and prints the JavaScript bytes each
// route actually transfers (the entry plus the route's lazy chunk and everything they import, fetched
// with the Accept-Encoding Chromium sends and counted as they come off the socket), then measures the
// largest contentful paint of "/" in Debian's Chromium with 4x CPU throttling, with the bytes the
// browser received.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from './lib/chromium.mjs';
import { startServer } from './lib/server-harness.mjs';

const DIST = 'dist/client';
if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
// What Chromium sends; the server picks brotli from it.
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Body bytes of `url` as they arrive (no decompression), and the Content-Encoding they came in. */
const transferred = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
        });
      })
      .on('error', reject);
  });

function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const server = await startServer({ label: 'benchweb' });
try {
  const sent = new Map();
  const encodings = new Set();
  const size = async (file) => {
    if (!sent.has(file)) {
      const r = await transferred(`${server.baseUrl}/${file}`);
      encodings.add(r.encoding);
      sent.set(file, r.bytes);
    }
    return sent.get(file);
  };
  const raw = (file) => fs.statSync(path.join(DIST, file)).size;
  const jsOf = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const entryKeys = closure('index.html');
  let entryBytes = 0;
  for (const f of jsOf(entryKeys)) entryBytes += await size(f);
  const entryRaw = jsOf(entryKeys).reduce((s, f) => s + raw(f), 0);
  console.log(`entry (shared by every route): ${kb(entryBytes)} transferred (${kb(entryRaw)} uncompressed)`);
  const routes = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.startsWith('routes/'));
  const rows = [];
  for (const k of routes) {
    const files = jsOf([...closure(k)].filter((x) => !entryKeys.has(x)));
    let total = entryBytes;
    for (const f of files) total += await size(f);
    rows.push({
      route: k.replace(/^routes\//, '').replace(/\.tsx$/, ''),
      total,
      raw: entryRaw + files.reduce((s, f) => s + raw(f), 0),
    });
  }
  for (const r of rows.sort((a, b) => b.total - a.total))
    console.log(`  ${r.route.padEnd(40)} ${kb(r.total).padStart(9)} transferred (${kb(r.raw)} uncompressed)`);
  // The home page is in the entry chunk and loads its below-the-fold part at once (decision 0076).
  const home = rows.find((r) => r.route === 'home/below-the-fold');
  console.log(
    `home page JavaScript (entry and below-the-fold): ${kb(home?.total ?? entryBytes)} transferred (encodings sent: ${[...encodings].join(', ')})  [target <= 200 KB]`,
  );
  await measureLcp(server);
} finally {
  await server.stop();
}

async function measureLcp(server) {
  if (!chromiumAvailable()) {
    console.log(`skipped: LCP (Chromium not found at ${CHROMIUM})`);
    return;
  }
  {
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
      // What the browser itself received for "/" (body bytes as sent, before decompression).
      const received = { script: 0, document: 0, pending: [] };
      page.on('requestfinished', (req) => {
        const type = req.resourceType();
        if (type === 'script' || type === 'document')
          received.pending.push(req.sizes().then((z) => (received[type] += z.responseBodySize)));
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
      await Promise.all(received.pending);
      console.log(
        `  load ${i + 1}: LCP ${r.t.toFixed(0)} ms (${r.what}), FCP ${r.fcp.toFixed(0)} ms, DOMContentLoaded ${r.dcl.toFixed(0)} ms; received JS ${kb(received.script)}, HTML ${kb(received.document)}`,
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
  }
}
