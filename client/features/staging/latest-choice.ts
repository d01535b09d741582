/**
 * Remembers what the user chose last (the photo on screen). Identification and the previous-transformations
 * check answer asynchronously; an answer about an earlier photo can arrive after a new one was chosen and
 * must then be dropped, or it would overwrite the new photo's room type, suitability or list.
 */
export interface LatestChoice<T> {
  /** Records a new choice (null after a reset): from now on answers about older ones are stale. */
  choose(value: T | null): void;
  /** True while `value` is still the latest choice. */
  isLatest(value: T): boolean;
}

export function createLatestChoice<T>(): LatestChoice<T> {
  let latest: T | null = null;
  return {
    choose: (value) => {
      latest = value;
    },
    isLatest: (value) => latest !== null && value === latest,
  };
}
