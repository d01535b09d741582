// What the tests that run staging in real server/worker processes share (crash recovery, shutdown):
// spawning a copy on the test's data dir and database, a 12 MP photo whose run is still going when
// the test acts on the process, and the consistency check of an account afterwards.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { transformations, users } from '#server/db/schema/index.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { loadEnv } from '#server/env.ts';
import { createTestContext, type TestContext } from './context.ts';
import { freePort, startServerProcess, type ServerProcess } from './processes.ts';
import { fixture } from './staging.ts';

export const stagingFields = { style: 'modern', roomType: 'living-room' };

/** 12 MP, so a run takes seconds: it is still going when the test kills or stops its process. */
export async function bigPhoto(): Promise<Buffer> {
  return sharp(fixture('empty-living-03.jpg'))
    .resize(4000, 3000, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Matches the log line of a run starting (of the given transformation, if any). */
export const runStarted = (id?: string) => (l: Record<string, unknown>) =>
  l.msg === 'staging run started' && (!id || l.transformationId === id);

export const listening = (l: Record<string, unknown>) =>
  typeof l.msg === 'string' && l.msg.startsWith('Roomstage listening');

export const workerStarted = (l: Record<string, unknown>) => l.msg === 'Roomstage worker started';

export interface ProcessKit {
  /**
   * For beforeAll: the suite's in-process app (no staging loop of its own, file PGlite unless on
   * PostgreSQL, so a server process can open it) and the 12 MP photo.
   */
  setUp: () => Promise<{ t: TestContext; photo: Buffer }>;
  /** For afterAll: SIGKILLs whatever is still running, then closes the app. */
  tearDown: () => Promise<void>;
  processes: ServerProcess[];
  /** A copy with one engine thread and one worker (unless `extra` says otherwise) on the test's data. */
  spawn: (entry: 'index' | 'worker', extra?: Record<string, string>) => ServerProcess;
  kill: (p: ServerProcess) => Promise<void>;
  /**
   * Nothing is left processing, every stored file belongs to a row, the ledger sums to the balance,
   * and the balance of 2 credits paid for exactly the completed runs. Returns the account's rows.
   */
  expectConsistent: (db: Database, userId: string) => Promise<(typeof transformations.$inferSelect)[]>;
  /**
   * The embedded database handed to a web-plus-worker server process (PGlite is opened by one process
   * at a time): the suite's app lets go of it, and the server starts on a free port.
   */
  startEmbeddedServer: () => Promise<{ server: ServerProcess; base: string }>;
  /** The embedded database opened again in the test process, once the server is gone. */
  openEmbeddedDatabase: () => Promise<Database>;
}

/** POSTs `photo` to `/api/transform-room` of the server at `base` as the agent of `cookie`. */
export function transformOver(base: string, photo: Buffer, cookie: string): Promise<Response> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
  for (const [k, v] of Object.entries(stagingFields)) form.append(k, v);
  return fetch(`${base}/api/transform-room`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
  });
}

export function processKit(stagingTimeoutMs: string): ProcessKit {
  const processes: ServerProcess[] = [];
  let ctx: TestContext | undefined;
  const t = () => {
    if (!ctx) throw new Error('processKit: setUp() has not run');
    return ctx;
  };

  /** Every file under the images folder, as storage keys. */
  function storedKeys(): string[] {
    const root = path.join(t().dataDir, 'images');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => fs.statSync(path.join(root, f)).isFile())
      .map((f) => f.split(path.sep).join('/'))
      .sort();
  }

  const kill = async (p: ServerProcess) => {
    p.child.kill('SIGKILL');
    await p.exited;
  };

  const killAll = async () => void (await Promise.all(processes.map(kill)));

  const spawn: ProcessKit['spawn'] = (entry, extra = {}) => {
    const env: Record<string, string> = {
      DATA_DIR: t().dataDir,
      STAGING_TIMEOUT_MS: stagingTimeoutMs,
      ENGINE_WORKERS: '1',
      WORKERS: '1',
      ...extra,
    };
    const url = t().testDb.url;
    if (url) env.DATABASE_URL = url;
    const p = startServerProcess(entry, env);
    processes.push(p);
    return p;
  };

  return {
    setUp: async () => {
      const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
      ctx = await createTestContext(
        { WORKERS: '0', STAGING_TIMEOUT_MS: stagingTimeoutMs },
        {},
        { filePglite: !onPostgres },
      );
      return { t: ctx, photo: await bigPhoto() };
    },
    tearDown: async () => {
      await killAll();
      await ctx?.close();
    },
    processes,
    spawn,
    kill,
    startEmbeddedServer: async () => {
      await t().testDb.database.close();
      const port = await freePort();
      const server = spawn('index', { PORT: String(port), HOST: '127.0.0.1' });
      await server.waitForLog(listening);
      return { server, base: `http://127.0.0.1:${port}` };
    },
    openEmbeddedDatabase: () => openDatabase({ pgliteDir: path.join(t().dataDir, 'pglite') }),
    expectConsistent: async (db, userId) => {
      const rows = await db.db.select().from(transformations).where(eq(transformations.userId, userId));
      expect(rows.map((r) => r.status).filter((s) => s === 'processing')).toEqual([]);
      const referenced = rows
        .flatMap((r) => [r.originalImageUrl, r.transformedImageUrl, r.thumbnailUrl])
        .filter((k): k is string => !!k);
      expect(storedKeys()).toEqual(referenced.sort());
      const [user] = await db.db.select().from(users).where(eq(users.id, userId));
      expect(await ledgerSum(db.db, userId)).toBe(user?.creditsBalance);
      const completed = rows.filter((r) => r.status === 'completed').length;
      // 2 credits: each completed run spent one, each failed one was refunded.
      expect(user?.creditsBalance).toBe(2 - completed);
      return rows;
    },
  };
}
