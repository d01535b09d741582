// The regeneration texts. The rule itself (first run paid, the next FREE_REGENERATIONS free, then 1 credit each) is
// #shared/rules/credits.ts. `count` is how many earlier transformations of the same photo the check found.
import { freeRegenerationsLeft, isFreeRegeneration } from '#shared/rules/credits.ts';

/** The notice under the previous styles; null for a new photo. */
export function regenerationNotice(count: number): string | null {
  if (count <= 0) return null;
  const times = `This image has been transformed ${count} ${count === 1 ? 'time' : 'times'} before.`;
  const left = freeRegenerationsLeft(count);
  if (left > 1) return `${times} You have ${left} free regenerations left.`;
  if (left === 1) return `${times} This is your final free regeneration.`;
  return `${times} Further regenerations cost 1 credit each.`;
}

/** The transform button: 'Regenerate for FREE (n left)' while free, otherwise it names the cost. */
export function transformButtonLabel(count: number): string {
  if (count <= 0) return 'Transform Room';
  if (isFreeRegeneration(count)) return `Regenerate for FREE (${freeRegenerationsLeft(count)} left)`;
  return 'Regenerate (1 credit)';
}

/** Previous styles shown as chips: up to 3, then '+n more'. */
export function previousStyles<T>(styles: readonly T[], max = 3): { shown: T[]; more: number } {
  return { shown: styles.slice(0, max), more: Math.max(0, styles.length - max) };
}
