import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, contentTypeForKey, type ImageStorage, type StoredObject } from './types.ts';

export function createLocalDiskStorage(rootDir: string): ImageStorage {
  const root = path.resolve(rootDir);

  // Keys are validated by pattern; the containment check is a second, independent guard.
  const resolve = (key: string) => {
    assertValidKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };

  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    },
    async get(key): Promise<StoredObject | null> {
      try {
        return { body: await fs.readFile(resolve(key)), contentType: contentTypeForKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
