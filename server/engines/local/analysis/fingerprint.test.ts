// The analysis on every fixture photo is exactly what it was when fingerprints.json was written:
// a change made for speed must leave it alone (decision 0205). A change meant to move the analysis
// rewrites the digests (`npm run analysis:identity -- --digests`) and says so in its commit.
// The analysis is plain JavaScript over decoded pixels; the decoding is libjpeg-turbo's, which a
// machine with another build may do differently. A photo whose pixels are not the recorded ones says
// nothing about this code, so it is left out, and named.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, fixtureNames } from '../fixture-photos.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { analysisRecord, DIGEST_FILE, pixelDigest, recordDigest, type Digests } from './fingerprint.ts';

describe.runIf(fs.existsSync(FIXTURE_DIR))('analysis fingerprints', () => {
  it('gives every fixture the recorded analysis, to the last bit', { timeout: 300_000 }, async () => {
    const recorded = JSON.parse(fs.readFileSync(DIGEST_FILE, 'utf8')) as Digests;
    const expected: Record<string, string> = {};
    const got: Record<string, string> = {};
    const decodedOtherwise: string[] = [];
    for (const file of fixtureNames()) {
      const img = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
      if (pixelDigest(img) !== recorded.pixels[file]) {
        decodedOtherwise.push(file);
        continue;
      }
      expected[file] = recorded.analysis[file]!;
      got[file] = recordDigest(analysisRecord(img));
    }
    if (decodedOtherwise.length > 0)
      console.log(
        `skipped: ${decodedOtherwise.length} fixtures decode to other pixels on this machine (${decodedOtherwise.join(', ')})`,
      );
    expect(got).toEqual(expected);
  });

  it('notices a changed analysis', () => {
    const img = { width: 64, height: 48, channels: 3 as const, data: new Uint8Array(64 * 48 * 3).fill(90) };
    const brighter = { ...img, data: img.data.map((v, i) => (i > 64 * 30 * 3 ? 160 : v)) };
    expect(recordDigest(analysisRecord(brighter))).not.toBe(recordDigest(analysisRecord(img)));
  });
});
