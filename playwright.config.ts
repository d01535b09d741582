import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';
import { sharedDataCheck } from './scripts/lib/shared-data.mjs';

// Tooling config: reads the run's environment (set by scripts/e2e.mjs), like the scripts do.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000';

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys that upload ../shared's room photos are left out when it is missing (`npm test` says so).
  testIgnore: sharedDataCheck().suites.map((f) => path.resolve(f)),
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
