// `npm run test:e2e`: builds, starts the built server with a fresh database, runs Playwright against it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM, chromiumAvailable } from './lib/chromium.mjs';
import { startServer } from './lib/server-harness.mjs';

if (!chromiumAvailable()) {
  console.log(
    `skipped: browser tests (Chromium not found at ${CHROMIUM}; install Debian's "chromium" package)`,
  );
  process.exit(0);
}
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// admin@e2e.test (tests/e2e/admin.spec.ts) and a11y-admin@e2e.test (tests/e2e/a11y.spec.ts) get the
// admin role when they register. Every journey signs up
// its own agents from 127.0.0.1, more than the default 20 an hour from one address.
const server = await startServer({
  label: 'e2e',
  env: { ADMIN_EMAILS: 'admin@e2e.test,a11y-admin@e2e.test', REGISTER_PER_IP_HOURLY: '1000' },
});
let status = 1;
try {
  fs.mkdirSync('test-results', { recursive: true });
  const extra = process.argv.slice(2).filter((a) => a !== '--no-build');
  const run = spawnSync('npx', ['playwright', 'test', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_DATA_DIR: server.dataDir },
  });
  status = run.status ?? 1;
} finally {
  await server.stop();
}
process.exit(status);
