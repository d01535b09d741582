// Spec 02 section 3: the display title of a transformation.

/** "living-room" -> "Living Room". Works for values outside today's enumerations too. */
export const titleCase = (value: string) =>
  value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');

/** userTitle if it is not blank, otherwise the title-cased style plus the room type ("Modern Living Room"). */
export function displayTitle(t: { userTitle: string | null; style: string; roomType: string }): string {
  const custom = t.userTitle?.trim();
  return custom ? custom : `${titleCase(t.style)} ${titleCase(t.roomType)}`;
}
