// The import boundaries are lint rules (eslint/server-boundaries.js): this runs the repository's own
// ESLint configuration on deliberately wrong and right imports, as `npm run lint` would see them.
import { describe, expect, it } from 'vitest';
import { boundaryErrors as errorsOf } from './boundary-errors.ts';

const RULE = 'roomstage/server-boundaries';
const boundaryErrors = (code: string, filePath: string) => errorsOf(RULE, code, filePath);

// Existing files, as `npm run lint` would see them; the text linted is ours.
const STAGING_FILE = 'server/modules/staging/upload.ts';
const LIB_FILE = 'server/lib/in-flight.ts';

describe('server import boundaries', { timeout: 120_000 }, () => {
  it("refuses a module reaching into another module's internals", async () => {
    const code =
      "import { applyCreditChange } from '../credits/ledger.repo.ts';\nexport const f = applyCreditChange;\n";
    expect(await boundaryErrors(code, STAGING_FILE)).toEqual([
      'Import the credits module through server/modules/credits/index.ts, not its internals.',
    ]);
    const aliased =
      "import { applyCreditChange } from '#server/modules/credits/ledger.repo.ts';\nexport const f = applyCreditChange;\n";
    expect(await boundaryErrors(aliased, STAGING_FILE)).toHaveLength(1);
  });

  it("accepts the module's public index and the module's own files", async () => {
    const code = [
      "import { applyCreditChange } from '../credits/index.ts';",
      "import { createAdmission } from './transform-prechecks.ts';",
      'export const f = [applyCreditChange, createAdmission];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, STAGING_FILE)).toEqual([]);
  });

  it('keeps server/lib free of modules and engines', async () => {
    const code =
      "import type { StagingEngine } from '../engines/types.ts';\nexport type E = StagingEngine;\n";
    expect(await boundaryErrors(code, LIB_FILE)).toEqual([
      'server/lib/ is infrastructure: it imports nothing from modules, engines or the app context.',
    ]);
    const fine = "import { AppError } from './errors.ts';\nexport const E = AppError;\n";
    expect(await boundaryErrors(fine, LIB_FILE)).toEqual([]);
  });

  it('keeps shared/ free of Node built-ins', async () => {
    const SHARED_FILE = 'shared/constants/figures.ts';
    expect(await boundaryErrors("import fs from 'node:fs';\nexport const f = fs;\n", SHARED_FILE)).toEqual([
      'shared/ runs in the browser too: it imports no Node built-in.',
    ]);
    expect(
      await boundaryErrors("import path from 'path';\nexport const p = path;\n", SHARED_FILE),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("import { z } from 'zod';\nexport const s = z.string();\n", SHARED_FILE),
    ).toEqual([]);
  });

  it('keeps engines away from the app context, and the server away from client code', async () => {
    const ENGINE_FILE = 'server/engines/local/stage.ts';
    const ctx = "import type { AppContext } from '../../context.ts';\nexport type C = AppContext;\n";
    expect(await boundaryErrors(ctx, ENGINE_FILE)).toEqual([
      'server/engines/ imports nothing from server/modules/ nor the app context.',
    ]);
    const client = "import { cn } from '#client/lib/utils.ts';\nexport const f = cn;\n";
    expect(await boundaryErrors(client, STAGING_FILE)).toEqual(['server/ imports nothing from client/.']);
  });

  it('keeps queries out of routes files', async () => {
    const ROUTES_FILE = 'server/modules/staging/staging.routes.ts';
    const message = "A routes file stays thin: queries and the schema belong in the module's *.repo.ts.";
    const schema = "import { users } from '../../db/schema/index.ts';\nexport const t = users;\n";
    expect(await boundaryErrors(schema, ROUTES_FILE)).toEqual([message]);
    const orm = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    expect(await boundaryErrors(orm, ROUTES_FILE)).toEqual([message]);
    expect(await boundaryErrors(orm, 'server/modules/staging/staging.repo.ts')).toEqual([]);
  });

  it('keeps queries in repos: a service or lib file importing drizzle-orm or the schema fails', async () => {
    const message = 'Queries live in *.repo.ts: only a repo imports drizzle-orm or the database schema.';
    const SERVICE = 'server/modules/jobs/recovery.ts';
    const orm = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    const schema =
      "import { transformations } from '../../db/schema/index.ts';\nexport const t = transformations;\n";
    const typeOnly =
      "import type { transformations } from '#server/db/schema/index.ts';\nexport type T = typeof transformations;\n";
    expect(await boundaryErrors(orm, SERVICE)).toEqual([message]);
    expect(await boundaryErrors(schema, SERVICE)).toEqual([message]);
    expect(await boundaryErrors(typeOnly, SERVICE)).toEqual([message]);
    const LIB = 'server/lib/rate-limit.ts';
    const libSchema = "import { rateLimits } from '../db/schema/index.ts';\nexport const t = rateLimits;\n";
    expect(await boundaryErrors(libSchema, LIB)).toEqual([message]);
    // The repos are where queries belong, in a module or in lib.
    expect(await boundaryErrors(schema, 'server/modules/jobs/jobs.repo.ts')).toEqual([]);
    expect(await boundaryErrors(orm, 'server/modules/jobs/jobs.repo.ts')).toEqual([]);
    expect(await boundaryErrors(libSchema, 'server/lib/rate-limit.repo.ts')).toEqual([]);
    // A service may still use the database client's types (a transaction handed to a repo).
    const client = "import type { Tx } from '../../db/client.ts';\nexport type T = Tx;\n";
    expect(await boundaryErrors(client, SERVICE)).toEqual([]);
  });

  it("mounts routes from app.ts only: a module's index.ts does not export them", async () => {
    const fromApp =
      "import { jobsRoutes } from './modules/jobs/jobs.routes.ts';\nexport const r = jobsRoutes;\n";
    expect(await boundaryErrors(fromApp, 'server/app.ts')).toEqual([]);
    // Anywhere else, a routes file is a module's internals like any other.
    expect(await boundaryErrors(fromApp, 'server/background.ts')).toEqual([
      'Import the jobs module through server/modules/jobs/index.ts, not its internals.',
    ]);
    const reexport = "export { jobsRoutes } from './jobs.routes.ts';\n";
    expect(await boundaryErrors(reexport, 'server/modules/jobs/index.ts')).toEqual([
      "A module's index.ts exports public functions only: routes are mounted from server/app.ts.",
    ]);
    const service = "export { jobStatus } from './job-status.service.ts';\n";
    expect(await boundaryErrors(service, 'server/modules/jobs/index.ts')).toEqual([]);
  });
});
