// The guard on real generative outputs, through the replay engine and runWithGuard as production
// runs them. The pairs are read in place from the shared corpus (never copied into the repo).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReplayEngine } from '#server/engines/replay/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { renderDelivery, runWithGuard } from './index.ts';

const CORPUS = path.resolve(fromRoot(), '../shared/corpus/ai-staging-pairs');
// Real photos up to 2 MP with a retry each: generous for a loaded test machine, not a speed check.
const SLOW = 120_000;

async function guardPair(name: string) {
  const file = fs
    .readdirSync(path.join(CORPUS, path.dirname(name)))
    .find((f) => f.startsWith(`${path.basename(name)}before.`))!;
  const img = await decodeImage(
    new Uint8Array(fs.readFileSync(path.join(CORPUS, path.dirname(name), file))),
    { maxBytes: Infinity },
  );
  const engine = createReplayEngine({ dir: CORPUS, name });
  const r = await runWithGuard(engine, img, {
    style: 'modern',
    roomType: 'living-room',
    variant: 0,
    signal: new AbortController().signal,
  });
  // The plan drawn as the worker draws it (raw here, to compare bytes).
  return { img, r: { ...r, ...(await renderDelivery(img, r.output, r.plan.render)) } };
}

describe.skipIf(!fs.existsSync(CORPUS))('structure guard on real model outputs', () => {
  it(
    'passes a Gemini staging that kept the room and recomposes it: the photo own bytes outside the furniture',
    async () => {
      const { img, r } = await guardPair('maateusx__ai-virtual-staging/1-');
      expect(r.structureScore).toBeGreaterThanOrEqual(0.6);
      expect(r).toMatchObject({ passed: true, flagged: false, attempts: 1, decision: 'recomposed' });
      expect(r.plan).toMatchObject({ action: 'recompose', reasons: [] });
      let outside = 0;
      let same = 0;
      for (let p = 0; p < r.mask!.length; p++) {
        if (r.mask![p]) continue;
        outside++;
        if ([0, 1, 2].every((c) => r.image.data[p * 3 + c] === img.data[p * 3 + c])) same++;
      }
      expect(same / outside).toBeGreaterThanOrEqual(0.95);
      expect(r.keptShare).toBeGreaterThan(0.5);
      expect(r.metrics.seam).toBeLessThanOrEqual(8);
    },
    SLOW,
  );

  it(
    'passes a staging returned at another size and aspect ratio, delivered whole at the photo size',
    async () => {
      const { img, r } = await guardPair('realbrianhanson__stage-dream-home/1-');
      expect(r.passed).toBe(true);
      expect([r.image.width, r.image.height]).toEqual([img.width, img.height]);
    },
    SLOW,
  );

  it(
    'flags a redesign that repainted the walls, after one free retry, and delivers the model image',
    async () => {
      const { img, r } = await guardPair('wuyu-wuhua__Room-Design/2-');
      expect(r).toMatchObject({ passed: false, flagged: true, attempts: 2, decision: 'model', keptShare: 0 });
      expect(r.plan).toMatchObject({ action: 'flag', render: { kind: 'model' } });
      expect(r.plan.reasons).toContain('walls-repainted');
      expect(r.reasons).toContain('walls-repainted');
      expect(r.issues[0]).toMatch(/repainted walls/);
      expect([r.image.width, r.image.height]).toEqual([img.width, img.height]);
    },
    SLOW,
  );

  it(
    'flags a redesign whose frame does not match the photo as a camera move',
    async () => {
      const { r } = await guardPair('MuhammadUmar7831__AI-Virtual-Staging/2-');
      expect(r.flagged).toBe(true);
      expect(r.reasons).toContain('camera-moved');
    },
    SLOW,
  );
});
