// A copy whose database cannot be reached at start says so in one line (no stack, no password) and
// exits 1, both the web copy and the worker copy. Nothing listens on the port, so this needs no
// PostgreSQL.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { freePort } from '#tests/helpers/processes.ts';
import { createDevelopmentCertificate } from '#server/lib/c2pa/index.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(entry: 'index' | 'worker', databaseUrl: string, extra: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', fromRoot(`server/${entry}.ts`)],
      {
        cwd: fromRoot(),
        env: { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extra },
        timeout: 60_000,
      },
      (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe.concurrent('a database that cannot be reached at start', () => {
  for (const entry of ['index', 'worker'] as const) {
    it(`${entry}: one line naming where, no stack, no password, exit 1`, async () => {
      const port = await freePort();
      const out = await start(entry, `postgres://ops:s3cret-word@127.0.0.1:${port}/roomstage`);
      expect(out.code).toBe(1);
      const lines = out.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `failed to start: cannot reach the database at 127\\.0\\.0\\.1:${port}/roomstage \\(.*ECONNREFUSED.*\\)$`,
        ),
      );
      expect(out.stderr + out.stdout).not.toContain('s3cret-word');
    }, 90_000);
  }
});

describe('Content Credentials that cannot sign', () => {
  it("a key that is not the certificate's: one line, exit 1, before the database is opened", async () => {
    const made = await createDevelopmentCertificate();
    const other = await createDevelopmentCertificate();
    const port = await freePort();
    const out = await start('index', `postgres://ops@127.0.0.1:${port}/roomstage`, {
      C2PA_CERT_PEM: made.certPem,
      C2PA_KEY_PEM: other.keyPem,
    });
    expect(out.code).toBe(1);
    // The unreachable database is never reached: the credentials are checked first.
    expect(out.stderr.trim().split('\n')).toEqual([
      'Roomstage failed to start: C2PA credentials: C2PA_KEY_PEM is not the key of the C2PA_CERT_PEM certificate',
    ]);
  }, 90_000);
});
