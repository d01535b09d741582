import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Query keys more than one feature reads or refreshes. Each starts with its endpoint, so invalidating a
// key also refreshes the longer keys below it (a search, a receipt).
export const QUERY_KEYS = {
  authUser: ['/api/auth/user'],
  usage: ['/api/usage'],
  transformations: ['/api/transformations'],
  favorites: ['/api/transformations/favorites'],
  payments: ['/api/payments'],
  creditPurchases: ['/api/credit-purchases'],
} as const;

const { authUser, usage, transformations, favorites, payments, creditPurchases } = QUERY_KEYS;

/** What a payment can change: the plan and balance on the user, the usage card, the payment history. */
export const AFTER_PURCHASE: readonly QueryKey[] = [authUser, usage, payments, creditPurchases];

/** What a finished (charged) transformation changes: the balance, the usage, the lists it joins. */
export const AFTER_TRANSFORM: readonly QueryKey[] = [authUser, usage, transformations, favorites];

/** What a saved arrangement changes (decision 0180): the lists show its image and its versions. */
export const AFTER_ARRANGE: readonly QueryKey[] = [transformations, favorites];

export const invalidateAll = (qc: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));

// A File in a query key hashes as "{}" (TanStack hashes keys with JSON.stringify), so every photo would
// share one cache entry and a new photo would be shown the last one's answer. Each File object gets its
// own number instead: choosing the same file again is a new File, and is asked again.
const fileIds = new WeakMap<File, number>();
let nextFileId = 1;

/** A query-key part that is the same for one File object and different for every other. */
export function fileKey(file: File | null): number | null {
  if (!file) return null;
  let id = fileIds.get(file);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(file, id);
  }
  return id;
}
