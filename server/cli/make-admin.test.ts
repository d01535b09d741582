import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db.ts';
import { eq } from 'drizzle-orm';

const run = promisify(execFile);
let testDb: TestDatabase;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // The CLI opens the configured database itself: a PostgreSQL test database when TEST_DATABASE_URL is
  // set, otherwise a PGlite folder under DATA_DIR that we prepare here first.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-cli-'));
  testDb = await createTestDatabase();
  // Only what the CLI needs: no inherited DATABASE_URL can point it elsewhere.
  env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  const { prepareDatabase } = await import('#server/boot.ts');
  const { loadEnv } = await import('#server/env.ts');
  const { createLogger } = await import('#server/lib/logger.ts');
  const db = testDb.url ? testDb.database : await prepareDatabase(loadEnv(env), createLogger('silent'));
  await db.db.insert(users).values({ email: 'chief@example.com', firstName: 'C' });
  if (!testDb.url) await db.close();
});
afterAll(async () => {
  await testDb?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', fromRoot('server/cli/make-admin.ts'), ...args], {
    env,
    cwd: fromRoot(),
  });

// Each case starts a process that opens and migrates a database: slow on a busy machine.
describe('npm run user:admin', { timeout: 180_000 }, () => {
  it('makes an existing user an admin (e-mail matched case-insensitively)', async () => {
    const { stdout } = await cli(' Chief@Example.com ');
    expect(stdout).toContain('chief@example.com is now an admin.');
    if (testDb.url) {
      const [row] = await testDb.database.db.select().from(users).where(eq(users.email, 'chief@example.com'));
      expect(row!.role).toBe('admin');
    }
  });

  it('exits non-zero with a clear message for an unknown user or no argument', async () => {
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
    const unknown = await outcome(cli('ghost@example.com'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email ghost@example.com');
    const missing = await outcome(cli());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run user:admin -- <email>');
  });
});
