import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, encodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { createReplayEngine, listRecordings, NO_RECORDING_MESSAGE } from './index.ts';
import { fileFingerprint, fingerprint, fingerprintDiff, SAME_PHOTO_MAX_DIFF } from './recordings.ts';

// Real before/after pairs from generative staging tools; read in place, never copied into the repo.
const CORPUS = path.resolve(fromRoot(), '../shared/corpus/ai-staging-pairs');
const req = (signal = new AbortController().signal) => ({
  style: 'modern' as const,
  roomType: 'living-room' as const,
  variant: 0,
  signal,
});

/** The photo as the engine receives it after an upload: decoded, re-encoded as the stored original, decoded again. */
async function asUploaded(file: string) {
  const first = await decodeImage(new Uint8Array(fs.readFileSync(file)), { maxBytes: Infinity });
  return decodeImage(await encodeImage(first, first.format));
}

describe.skipIf(!fs.existsSync(CORPUS))('replay engine', () => {
  it('lists every before/after pair with its decoded size', async () => {
    const recs = await listRecordings(CORPUS);
    expect(recs.length).toBeGreaterThanOrEqual(20);
    const parth = recs.find((r) => r.name === 'Parth0603__DesignMind/1-');
    expect(parth).toMatchObject({ width: 5472, height: 3648 });
    expect(parth?.after).toMatch(/1-after\.png$/);
  });

  it('answers an uploaded (re-encoded) photo with its recorded output at the tool own size', async () => {
    const engine = createReplayEngine({ dir: CORPUS });
    const img = await asUploaded(path.join(CORPUS, 'wuyu-wuhua__Room-Design/2-before.jpg'));
    const staged = await engine.stage(img, req());
    expect([staged.image.width, staged.image.height]).toEqual([1152, 768]);
    expect(staged.furnitureMask).toHaveLength(1152 * 768);
    expect(staged.notes[0]).toMatch(/wuyu-wuhua__Room-Design\/2-after/);
    const recorded = await sharp(path.join(CORPUS, 'wuyu-wuhua__Room-Design/2-after.jpg')).raw().toBuffer();
    expect(Buffer.from(staged.image.data).equals(recorded)).toBe(true);
  });

  it('knows every recorded photo after the re-encodes the product performs, far inside the limit', async () => {
    let worst = 0;
    // Up to 3 MP: the small JPEGs are where the old thumbnail path strayed most (and the big ones are slow).
    for (const r of (await listRecordings(CORPUS)).filter((x) => x.width * x.height <= 3e6)) {
      const recorded = await fileFingerprint(r.before);
      const uploaded = await asUploaded(r.before);
      // The stored original re-encoded as JPEG once more (a PNG upload kept as JPEG, a second save).
      const again = await decodeImage(await encodeImage(uploaded, 'jpeg'));
      for (const img of [uploaded, again])
        worst = Math.max(worst, fingerprintDiff(recorded, await fingerprint(img)));
    }
    // A JPEG read straight into the thumbnail (shrunk in the DCT) was 2.8 grey levels from its own upload.
    expect(worst).toBeLessThan(SAME_PHOTO_MAX_DIFF / 6);
  });

  it('refuses a photo it has no recording for, and a cancelled request', async () => {
    const engine = createReplayEngine({ dir: CORPUS });
    const other = await asUploaded(path.join(CORPUS, 'maateusx__ai-virtual-staging/2-before.jpg'));
    // Same size as a recorded photo (1264x844), different content.
    const flipped = {
      ...other,
      data: new Uint8Array(
        await sharp(other.data, { raw: { width: other.width, height: other.height, channels: 3 } })
          .flip()
          .raw()
          .toBuffer(),
      ),
    };
    await expect(engine.stage(flipped, req())).rejects.toMatchObject({
      code: 'unprocessable',
      message: NO_RECORDING_MESSAGE,
    });
    await expect(engine.stage(other, req(AbortSignal.abort()))).rejects.toThrow();
  });

  it('keeps apart two recordings of one photo when asked for one by name', async () => {
    const img = await asUploaded(path.join(CORPUS, 'backdooraccessed__render-ai/2-before.jpg'));
    const one = await createReplayEngine({ dir: CORPUS, name: 'backdooraccessed__render-ai/1-' }).stage(
      img,
      req(),
    );
    const two = await createReplayEngine({ dir: CORPUS, name: 'backdooraccessed__render-ai/2-' }).stage(
      img,
      req(),
    );
    expect(one.notes[0]).toMatch(/1-after/);
    expect(two.notes[0]).toMatch(/2-after/);
    expect(Buffer.from(one.image.data).equals(Buffer.from(two.image.data))).toBe(false);
  });
});
