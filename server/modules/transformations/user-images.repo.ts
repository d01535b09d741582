// Every stored image of one user, for the account purge (auth calls it through the function the
// composition root hands it, so auth does not import this module: decision 0197).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import { isValidKey } from '../../lib/storage/index.ts';
import { savedImageKeysOfUser } from './layouts.repo.ts';
import { runKeys } from './run-keys.ts';

/** Storage keys of the user's images; anything not shaped like one of our keys cannot be in our store. */
export async function imageKeysOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({
      a: transformations.originalImageUrl,
      b: transformations.transformedImageUrl,
      c: transformations.thumbnailUrl,
      attemptId: transformations.attemptId,
      createdAt: transformations.createdAt,
    })
    .from(transformations)
    .where(eq(transformations.userId, userId));
  const keys = new Set<string>();
  for (const r of rows) {
    // A run still going (or one that died) has its result under keys not yet on the row.
    const run = r.attemptId ? Object.values(runKeys(r.createdAt, r.attemptId)) : [];
    for (const k of [r.a, r.b, r.c, ...run]) if (k && isValidKey(k)) keys.add(k);
  }
  // Arrangements the user saved (issue 31).
  for (const k of await savedImageKeysOfUser(db, userId)) if (isValidKey(k)) keys.add(k);
  return [...keys];
}
