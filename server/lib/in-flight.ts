/**
 * Requests in progress per key (a user id or an address) in this server copy. Used to cap how many
 * uploads one user can have decoding at once: memory is per copy, so the count is too.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();

  /** Takes a slot, or returns null when `key` already holds `max`. Call the returned release once. */
  tryEnter(key: string, max: number): (() => void) | null {
    const n = this.counts.get(key) ?? 0;
    if (n >= max) return null;
    this.counts.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left <= 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
