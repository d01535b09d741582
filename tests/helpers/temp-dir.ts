// A fresh temporary folder per test, removed after it, and a writer of files (text or JSON) in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export function useTempDir(prefix: string) {
  let root = '';
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  return {
    root: () => root,
    write: (rel: string, body: string | object): string => {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
      return file;
    },
  };
}
