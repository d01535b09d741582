// The display title of a transformation.
import { titleCase } from '#client/lib/format.ts';

/** userTitle if it is not blank, otherwise the title-cased style plus the room type ("Modern Living Room"). */
export function displayTitle(t: { userTitle: string | null; style: string; roomType: string }): string {
  const custom = t.userTitle?.trim();
  return custom ? custom : `${titleCase(t.style)} ${titleCase(t.roomType)}`;
}
