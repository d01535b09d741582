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
});
