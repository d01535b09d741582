// Spec 02 section 4: the first transformation of a photo costs 1 credit, the next 2 are free, then 1
// credit each. `count` is how many earlier transformations of the same photo the check found.

/** How many transformations of one photo are covered by the first charge (1 paid + 2 free). */
export const FREE_WINDOW = 3;

export const isFreeRegeneration = (count: number) => count > 0 && count < FREE_WINDOW;

/** The notice under the previous styles; null for a new photo. */
export function regenerationNotice(count: number): string | null {
  if (count <= 0) return null;
  const times = `This image has been transformed ${count} ${count === 1 ? 'time' : 'times'} before.`;
  if (count === 1) return `${times} You have 2 free regenerations left.`;
  if (count === 2) return `${times} This is your final free regeneration.`;
  return `${times} Further regenerations cost 1 credit each.`;
}

/** The transform button: 'Regenerate for FREE (3 minus count left)' while free, otherwise it names the cost. */
export function transformButtonLabel(count: number): string {
  if (count <= 0) return 'Transform Room';
  if (isFreeRegeneration(count)) return `Regenerate for FREE (${FREE_WINDOW - count} left)`;
  return 'Regenerate (1 credit)';
}

/** Previous styles shown as chips: up to 3, then '+n more'. */
export function previousStyles<T>(styles: readonly T[], max = 3): { shown: T[]; more: number } {
  return { shown: styles.slice(0, max), more: Math.max(0, styles.length - max) };
}
