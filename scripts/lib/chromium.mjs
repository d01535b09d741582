import fs from 'node:fs';

// Debian's Chromium; Playwright never downloads a browser here.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumAvailable = () => fs.existsSync(CHROMIUM);
