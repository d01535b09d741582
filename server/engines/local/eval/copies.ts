// The same photo can sit in two measurement sets under two names (a fixture that is also a corpus
// "before", one house's photo filed again under another house). Counted twice it weighs double, and a
// held-out copy of a photo tuned on is not held out. These rules pick one copy per photo.
import crypto from 'node:crypto';
import fs from 'node:fs';

/** A digest of a file's bytes: two names with one digest are one photo. */
export const fileDigest = (file: string) =>
  crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

export interface PhotoCopy {
  file: string;
  digest: string;
  /** Where the name puts it: tune, held out in an earlier round, or held out fresh (decision 0200). */
  part: 'tune' | 'held-out' | 'fresh';
}

const PART_RANK = { tune: 0, 'held-out': 1, fresh: 2 } as const;

/**
 * Which annotated files are measured when the same photo is annotated under two names (a fixture
 * that is also a corpus "before"): one copy only, or the figures count it twice. A photo any copy of
 * which is in the tune split has been tuned on, so that copy is kept; a photo an earlier round held out
 * has been measured already, so it is not fresh. Returns each skipped file with the copy kept for it.
 */
export function oneCopyPerPhoto(copies: readonly PhotoCopy[]): Map<string, string> {
  const kept = new Map<string, PhotoCopy>();
  for (const c of copies) {
    const k = kept.get(c.digest);
    if (!k || PART_RANK[c.part] < PART_RANK[k.part]) kept.set(c.digest, c);
  }
  const skipped = new Map<string, string>();
  for (const c of copies) {
    const k = kept.get(c.digest)!;
    if (k !== c) skipped.set(c.file, k.file);
  }
  return skipped;
}

/**
 * Files that are one photo labelled as two different things (the listing corpus files one bathroom as
 * house 12's bedroom too): its truth is unknown, so no copy is measured.
 */
export function conflictingCopies(copies: readonly { file: string; digest: string; label: string }[]) {
  const labels = new Map<string, Set<string>>();
  for (const c of copies) labels.set(c.digest, (labels.get(c.digest) ?? new Set()).add(c.label));
  return new Set(copies.filter((c) => labels.get(c.digest)!.size > 1).map((c) => c.file));
}
