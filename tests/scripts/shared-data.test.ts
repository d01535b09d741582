// The suite's check for ../shared: which test files need a missing folder, found through imports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDataCheck, sharedDataLine } from '../../scripts/lib/shared-data.mjs';

let base = '';
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function repo(files: Record<string, string>) {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-shared-'));
  const root = path.join(base, 'repo');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const files = {
  'tests/helpers/photos.ts': "export const DIR = '../shared/fixtures/rooms';\n",
  'tests/helpers/indirect.ts': "export { DIR } from './photos.ts';\n",
  'tests/a.test.ts': "import { DIR } from '#tests/helpers/indirect.ts';\n",
  'tests/b.test.ts': "import { x } from './plain.ts';\n",
  'tests/plain.ts': "import { y } from './cycle.ts';\nexport const x = 1;\n",
  'tests/cycle.ts': "import { x } from './plain.ts';\nexport const y = x;\n",
  'server/c.test.ts': "const CORPUS = '../shared/corpus/ai-staging-pairs';\n",
};

describe('sharedDataCheck', () => {
  it('names the suites that read a missing folder, directly or through imports', () => {
    const check = sharedDataCheck(repo(files));
    expect(check.missing).toContain('shared/fixtures/rooms');
    expect(check.suites.sort()).toEqual(['server/c.test.ts', 'tests/a.test.ts']);
    expect(sharedDataLine(check)).toMatch(/^skipped: 2 test files that read \.\.\/shared\/fixtures\/rooms/);
  });

  it('leaves out only the suites whose folder is missing', () => {
    const root = repo(files);
    fs.mkdirSync(path.join(base, 'shared/fixtures/rooms'), { recursive: true });
    expect(sharedDataCheck(root).suites).toEqual(['server/c.test.ts']);
    fs.mkdirSync(path.join(base, 'shared/corpus/ai-staging-pairs'), { recursive: true });
    fs.mkdirSync(path.join(base, 'shared/corpus/listing-photos'), { recursive: true });
    expect(sharedDataCheck(root)).toEqual({ missing: [], suites: [] });
  });
});
