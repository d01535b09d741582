// Real furnished rooms for the blind test's real half beyond the listing photos and the furnished
// fixtures: photos with a stated licence fetched from public repositories (decision 0271), kept
// outside the repository and listed in a small JSON file (tests/blind-test/real-rooms.json) by
// file and room type. The room type is given by hand: the real half is matched to the staged half
// by type, so it must be what the photo shows, not a guess.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadPhotoSets } from '#server/engines/local/eval/annotation-sets.ts';
import { BLIND_TYPES, type BlindType } from './blind-test.ts';

export const realRoomSetSchema = z.object({
  /** Folder of the photos, relative to the project root (or absolute). */
  photoDir: z.string().min(1),
  /** Where the photos come from and under which licence (free text; per photo in SOURCES-real.md). */
  source: z.string().optional(),
  photos: z
    .array(
      z.object({
        /** File inside `photoDir`. */
        file: z.string().min(1),
        /** What the photo shows; only the types the blind test matches on. */
        roomType: z.enum(BLIND_TYPES),
      }),
    )
    .min(1),
});
export type RealRoomSet = z.infer<typeof realRoomSetSchema>;

export interface RealRooms {
  /** Absolute paths with the room type each shows, in file order. */
  photos: { file: string; type: BlindType }[];
  /** One line per list whose photo folder is not on this machine. */
  skipped: string[];
}

/**
 * The real furnished rooms of the given lists (files or folders of them), `photoDir` resolved
 * against `root`. A list whose folder is absent is named in `skipped`; a listed photo missing from a
 * folder that is there is an error (the list and the folder disagree), as is a photo listed twice.
 */
export function extraRealRooms(paths: readonly string[], root: string): RealRooms {
  const { sets, skipped } = loadPhotoSets(paths, root, realRoomSetSchema);
  const out: RealRooms = { photos: [], skipped };
  const seen = new Set<string>();
  for (const { file: json, set, dir } of sets) {
    for (const photo of set.photos) {
      const file = path.join(dir, photo.file);
      if (seen.has(file)) throw new Error(`${json}: ${photo.file} is listed twice`);
      seen.add(file);
      if (!fs.existsSync(file)) throw new Error(`${json}: ${photo.file} is not in ${dir}`);
      out.photos.push({ file, type: photo.roomType });
    }
  }
  return out;
}
