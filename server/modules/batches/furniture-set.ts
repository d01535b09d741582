import crypto from 'node:crypto';

/**
 * The furniture set of a batch staged with the same furniture in every photo (decision 0256): the
 * first 31 bits of the SHA-256 of its id, so the number is the same in every process and for every
 * run of the batch's photos, and stays a non-negative integer column and engine seed.
 */
export function furnitureSetOf(batchId: string): number {
  return crypto.createHash('sha256').update(batchId).digest().readUInt32BE(0) >>> 1;
}
