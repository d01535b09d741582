// The worker's stage task on recorded generative outputs (replay engine): the guard's verdict and
// its reasons leave the worker together, as the job stores them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { runTask, type StagedResult } from './tasks.ts';

const CORPUS = path.resolve(fromRoot(), '../shared/corpus/ai-staging-pairs');
const SLOW = 120_000;

async function stage(file: string): Promise<StagedResult> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)));
  const r = await runTask({
    op: 'stage',
    bytes,
    style: 'modern',
    roomType: 'living-room',
    variant: 0,
    engine: { id: 'replay', dir: CORPUS },
    watermark: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as StagedResult;
}

describe.skipIf(!fs.existsSync(CORPUS))('stage task', () => {
  it(
    'passes the reasons of a flagged result on with it',
    async () => {
      const r = await stage('wuyu-wuhua__Room-Design/5-before.jpg');
      expect(r.needsReview).toBe(true);
      expect(r.reviewReasons).toContain('walls-repainted');
    },
    SLOW,
  );

  it(
    'sends no reasons with a result that passed',
    async () => {
      const r = await stage('maateusx__ai-virtual-staging/3-before.jpg');
      expect(r.needsReview).toBe(false);
      expect(r.reviewReasons).toEqual([]);
    },
    SLOW,
  );
});
