// What an arrange worker keeps between an agent's previews and saves of one transformation (issue 31,
// decision 0180): the stored original decoded (at preview size, or at full size for a save) with what
// the renderer measures of it, so a preview only renders the pieces. One cache per worker thread,
// least recently used first out, bounded by the bytes of the pixels it holds.
import type { PreparedPhoto } from '../local/arrange/render-layout.ts';

/**
 * Per worker thread: a 12 MP photo decoded is 36 MB and its preview 5 MB, so this keeps a few
 * transformations' full-size photos or a few dozen previews; an agent arranges one room at a time.
 */
export const ARRANGE_CACHE_BYTES = 160 * 1024 * 1024;

const sizeOf = (p: PreparedPhoto) =>
  p.img.data.byteLength +
  ('bytes' in p.img && p.img.bytes instanceof Uint8Array ? p.img.bytes.byteLength : 0);

export class PhotoCache {
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  private readonly entries = new Map<string, { photo: PreparedPhoto; bytes: number }>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): PreparedPhoto | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.photo;
  }

  set(key: string, photo: PreparedPhoto): void {
    const bytes = sizeOf(photo);
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { photo, bytes });
    this.used += bytes;
    for (const [k, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= e.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.used };
  }
}

/** This worker thread's cache. */
export const photoCache = new PhotoCache(ARRANGE_CACHE_BYTES);
const pending = new Map<string, Promise<PreparedPhoto>>();

/**
 * The photo prepared for `key` (the transformation and its original's storage key), made by
 * `make` on a miss; a second task asking while it is being made waits for the same one. A task
 * without a key (a test, a one-off) is prepared afresh and not kept.
 */
export async function cachedPhoto(
  key: string | undefined,
  make: () => Promise<PreparedPhoto>,
): Promise<PreparedPhoto> {
  if (key === undefined) return make();
  const hit = photoCache.get(key);
  if (hit) return hit;
  const waiting = pending.get(key);
  if (waiting) return waiting;
  const making = make().then(
    (photo) => {
      pending.delete(key);
      photoCache.set(key, photo);
      return photo;
    },
    (err: unknown) => {
      pending.delete(key);
      throw err;
    },
  );
  pending.set(key, making);
  return making;
}

/**
 * Starts preparing `key` without waiting: after an agent's first preview the full-size photo is
 * decoded and measured while the agent arranges, so the save only renders. The decode runs on
 * libvips' thread; a failure here is met again, and reported, by the save itself.
 */
export function prefetchPhoto(key: string, make: () => Promise<PreparedPhoto>): void {
  cachedPhoto(key, make).catch(() => {});
}

/** Resolves once nothing is being prepared (the benchmark times a save apart from the prefetch). */
export async function photosPrepared(): Promise<void> {
  await Promise.allSettled([...pending.values()]);
}
