// Reading the placement annotation sets (tests/placement/README.md) for every tool that measures on
// them: the placement evaluation, the identify labels and the blind test's empty rooms; and any
// other JSON list of photos kept outside the repository under a `photoDir` (the blind test's extra
// real rooms), which is read the same way.
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { annotationSetSchema, type AnnotationSet } from './placement.ts';

export interface LoadedSet<T = AnnotationSet> {
  /** The annotation file. */
  file: string;
  set: T;
  /** The set's photo folder, resolved. */
  dir: string;
}

/**
 * Every set in the given .json files or folders of them (a folder's sets in name order), parsed
 * with `schema`, its `photoDir` resolved against `root`. A set whose photo folder is absent (its
 * photos live outside the repository and a clean machine has not fetched them) is left out and
 * named in `skipped`, so a clean checkout measures what it has; a set that does not parse is an
 * error.
 */
export function loadPhotoSets<T extends { photoDir: string }>(
  paths: readonly string[],
  root: string,
  schema: z.ZodType<T>,
): { sets: LoadedSet<T>[]; skipped: string[] } {
  const files = paths.flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => path.join(p, f))
      : [p],
  );
  const sets: LoadedSet<T>[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    const dir = path.resolve(root, parsed.data.photoDir);
    if (fs.existsSync(dir)) sets.push({ file, set: parsed.data, dir });
    else skipped.push(`${file}: its photos are not on this machine (${dir})`);
  }
  return { sets, skipped };
}

/** Every placement annotation set in the given files or folders (see `loadPhotoSets`). */
export function loadAnnotationSets(
  paths: readonly string[],
  root: string,
): { sets: LoadedSet[]; skipped: string[] } {
  return loadPhotoSets(paths, root, annotationSetSchema);
}
