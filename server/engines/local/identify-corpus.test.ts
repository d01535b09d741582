// The photo check on real listing photos (../shared/corpus, never copied into the repo): a fixed
// sample of whole houses, the same figures `npm run identify:eval` prints, held to the targets.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/lib/paths.ts';
import { MIN_SHORT_SIDE } from './identify.ts';
import { judgePhoto } from './eval/judge.ts';
import { loadLabels, sample } from './eval/labels.ts';
import { computeFigures, rate, TARGETS, type PhotoResult } from './eval/metrics.ts';

const CORPUS = path.resolve(projectRoot(), '../shared/corpus/listing-photos');

describe.runIf(fs.existsSync(CORPUS))('identify on a sample of real listing photos', () => {
  it('meets the interior, room-type and furnished targets', { timeout: 900_000 }, async () => {
    const photos = sample(loadLabels(CORPUS), 300);
    const results: PhotoResult[] = [];
    for (const photo of photos) results.push(await judgePhoto(CORPUS, photo));
    const f = computeFigures(results, MIN_SHORT_SIDE);
    expect(f.exteriorsRefused.of).toBeGreaterThanOrEqual(30);
    expect(rate(f.exteriorsRefused)).toBeGreaterThanOrEqual(TARGETS.exteriorsRefused);
    expect(rate(f.interiorsAccepted)).toBeGreaterThanOrEqual(TARGETS.interiorsAccepted);
    expect(rate(f.smallRefused)).toBe(1);
    expect(rate(f.roomTypePrecision)).toBeGreaterThanOrEqual(TARGETS.roomTypePrecision);
    expect(rate(f.roomTypeRecall)).toBeGreaterThanOrEqual(TARGETS.roomTypeRecall);
    expect(rate(f.furnishedBedrooms)).toBeGreaterThanOrEqual(TARGETS.furnishedBedrooms);
  });
});
