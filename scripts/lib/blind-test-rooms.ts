// Empty rooms for the blind test's generated half beyond the fixtures and the staging pairs: the
// photos of placement annotation sets (tests/placement/README.md), such as the extra set fetched from
// licensed repositories (decision 0245), which lives outside the repository.
import fs from 'node:fs';
import path from 'node:path';
import { loadAnnotationSets } from '#server/engines/local/eval/annotation-sets.ts';
import type { RoomType } from '#shared/constants/staging.ts';

export interface AnnotatedRooms {
  /** Absolute paths of the empty rooms an expert would stage, in file order. */
  files: string[];
  /** The room type each was annotated as (its first), keyed by path: the blind test stages it so (0255). */
  types: Record<string, RoomType>;
  /** One line per annotation file whose photos are not on this machine. */
  skipped: string[];
}

/**
 * The empty rooms with a main piece expected (a room nobody would furnish gives a bare crop) in the
 * given annotation files or folders of them; `photoDir` is resolved against `root` as the placement
 * evaluation does. A set whose folder is absent (not fetched) is named in `skipped`, and a listed
 * photo that is missing is an error: the annotations and the folder disagree.
 */
export function annotatedEmptyRooms(paths: readonly string[], root: string): AnnotatedRooms {
  const { sets, skipped } = loadAnnotationSets(paths, root);
  const out: AnnotatedRooms = { files: [], types: {}, skipped };
  for (const { file: json, set, dir } of sets) {
    for (const photo of set.photos.filter((p) => p.empty && p.mainPieceExpected)) {
      const file = path.join(dir, photo.file);
      if (!fs.existsSync(file)) throw new Error(`${json}: ${photo.file} is not in ${dir}`);
      out.files.push(file);
      out.types[file] = photo.roomTypes[0]!;
    }
  }
  return out;
}
