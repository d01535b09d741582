import { defineConfig } from 'vitest/config';
import { sharedDataCheck } from './scripts/lib/shared-data.mjs';
import { LongestFirstSequencer } from './vitest-sequencer.ts';

// Suites that read ../shared are left out when it is missing (`npm test` prints which: shared-data.mjs).
const { suites: needShared } = sharedDataCheck();

export default defineConfig({
  // Vitest keeps each file's last duration under cacheDir/vitest; outside node_modules, so `npm ci` in
  // CI does not throw away the timings the sequencer orders by (test-results/ is ignored by git and lint).
  cacheDir: 'test-results/vite-cache',
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'client/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', ...needShared],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test file gets its own fresh database; two cores, so two workers.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
