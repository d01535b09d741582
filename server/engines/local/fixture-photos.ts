// The shared room photos (../shared/fixtures/rooms, never copied into the repo), as the engine's
// tests, benchmark, contact sheet and gallery script find them.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '#server/lib/paths.ts';
import type { RoomType } from '#shared/constants/staging.ts';

export const FIXTURE_DIR = path.resolve(projectRoot(), '../shared/fixtures/rooms');

/** JPEG and PNG fixture names matching `pattern`, sorted. */
export const fixtureNames = (pattern: RegExp = /./) =>
  fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => /\.(jpe?g|png)$/i.test(f) && pattern.test(f))
    .sort();

/** The room type a fixture's name states (`empty-dining-02.jpg` → dining-room), or null. */
export function roomTypeFromName(name: string): RoomType | null {
  if (name.includes('bedroom')) return 'bedroom';
  if (name.includes('kitchen')) return 'kitchen';
  if (name.includes('dining')) return 'dining-room';
  if (name.includes('office')) return 'office';
  if (name.includes('living')) return 'living-room';
  return null;
}
