import fs from 'node:fs';

// Debian's Chromium; Playwright never downloads a browser here.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumAvailable = () => fs.existsSync(CHROMIUM);

// Flags for every Chromium the tooling starts (Playwright's e2e runs, bench-web): no sandbox (it runs as
// root in CI), no GPU, and none of the background traffic that would reach for the internet.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
