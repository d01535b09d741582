// GET /api/batches/:id/download: the finished results of a batch as one ZIP, streamed, owner only.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '#shared/schemas/batches.ts';
import { batches } from '#server/db/schema/index.ts';
import { createLocalDiskStorage, type ImageStorage } from '#server/lib/storage/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { FIXTURES, setAccount } from '#tests/helpers/staging.ts';
import { readZip } from '#tests/helpers/zip.ts';
import { b64, codes, readCredential, withoutApp11 } from '#tests/helpers/c2pa-reader.ts';
import { NOTHING_TO_ZIP, uniqueNames } from './batch-zip.ts';
import { STAGING_DISCLOSURE } from '#shared/constants/disclosure.ts';
import { publicLinkSchema } from '#shared/schemas/public-links.ts';

let t: TestContext;
let photos: Buffer[];
/** Storage reads, counted so the test can see the ZIP reads images as it streams, not up front. */
let reads = 0;

beforeAll(async () => {
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-zip-'));
  const disk = createLocalDiskStorage(imagesDir);
  const storage: ImageStorage = {
    kind: disk.kind,
    put: (k, b, c) => disk.put(k, b, c),
    delete: (k) => disk.delete(k),
    get: (k) => {
      reads++;
      return disk.get(k);
    },
  };
  t = await createTestContext({}, { storage });
  const names = ['empty-bedroom-01.jpg', 'empty-kitchen-01.jpg', 'empty-living-01.jpg'];
  photos = await Promise.all(
    names.map((n) => sharp(path.join(FIXTURES, n)).resize({ width: 360 }).jpeg().toBuffer()),
  );
});
afterAll(async () => t?.close());

async function user(credits: number) {
  const u = await createVerifiedAccount(t);
  await setAccount(t, u.id, { monthlyUsage: 3, credits });
  return { ...u, cookie: await signIn(t, u) };
}

async function finishedBatch(cookie: string, names: string[]): Promise<Batch> {
  const form = new FormData();
  for (const [i, p] of photos.entries())
    form.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), names[i]);
  form.append('style', 'modern');
  form.append('roomType', 'living-room');
  form.append('names', JSON.stringify(names));
  const res = await t.app.request('/api/batches', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
  });
  expect(res.status, await res.clone().text()).toBe(202);
  let batch = (await res.json()) as Batch;
  for (let i = 0; i < 600 && batch.completed + batch.failed < batch.total; i++) {
    await new Promise((r) => setTimeout(r, 100));
    batch = (await (await api(t, 'GET', `/api/batches/${batch.id}`, { cookie })).json()) as Batch;
  }
  expect(batch).toMatchObject({ completed: photos.length, failed: 0 });
  return batch;
}

describe('uniqueNames', () => {
  it('numbers repeats before the extension, ignoring case', () => {
    expect(uniqueNames(['a.jpg', 'A.jpg', 'a.jpg', 'b.jpg', 'a-2.jpg', 'noext', 'noext'])).toEqual([
      'a.jpg',
      'A-2.jpg',
      'a-3.jpg',
      'b.jpg',
      'a-2-2.jpg',
      'noext',
      'noext-2',
    ]);
  });
});

describe('GET /api/batches/:id/download', () => {
  it('streams every finished result as a valid JPEG named after the photo, with Content Credentials, the same image as the single download', async () => {
    const u = await user(3);
    const batch = await finishedBatch(u.cookie, [
      '12 Oak St - Living.jpg',
      '12 oak st - living.JPG',
      'IMG_0042.jpeg',
    ]);

    const before = reads;
    const res = await api(t, 'GET', `/api/batches/${batch.id}/download`, { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-length')).toBeNull();
    const day = batch.createdAt.slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="staged-listing-${day}.zip"`);

    // Streamed: the first bytes leave before the later images have been read from storage (two reads
    // an entry: the result, and its original for the credential's ingredient hash).
    const reader = res.body!.getReader();
    const parts: Uint8Array[] = [];
    const first = await reader.read();
    parts.push(first.value!);
    expect(reads - before).toBeLessThan(2 * photos.length);
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    // Each staged photo and each original read once (the original serves the credential's ingredient
    // hash and then its own entry in originals/), one pair at a time as the archive reaches it.
    expect(reads - before).toBe(2 * photos.length);

    const all = await readZip(Buffer.concat(parts));
    const staged = [`12-oak-st-living-${day}.jpg`, `12-oak-st-living-${day}-2.jpg`, `img-0042-${day}.jpg`];
    // Each photo followed by its original, so the one read of the original serves both.
    expect(all.map((e) => e.name)).toEqual([
      ...staged.flatMap((n) => [n, `originals/${n}`]),
      'DISCLOSURE.txt',
    ]);
    const entries = all.filter((e) => staged.includes(e.name));
    for (const [i, e] of entries.entries()) {
      const meta = await sharp(e.data).metadata();
      expect(meta.format).toBe('jpeg');
      const { width, height } = await sharp(photos[i]).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      // Fully decodable (a truncated entry throws here).
      expect((await sharp(e.data).raw().toBuffer()).length).toBe(width * height * meta.channels);
      const single = await api(t, 'GET', `/api/transformations/${batch.items[i]!.id}/download`, {
        cookie: u.cookie,
      });
      // Each copy is signed on its way out (its own manifest id and signature): the image is the same.
      expect(withoutApp11(Buffer.from(await single.arrayBuffer())).equals(withoutApp11(e.data))).toBe(true);
      const read = await readCredential(e.data);
      expect(read.state).toBe('Valid');
      expect(codes(read.failures)).toEqual(['signingCredential.untrusted']);
      // The credential's ingredient is the original this ZIP holds beside the photo.
      const original = all.find((o) => o.name === `originals/${e.name}`)!.data;
      expect(read.manifest.assertions.find((a) => a.label === 'app.roomstage.staging')!.data).toMatchObject({
        original: { alg: 'sha256', hash: b64(createHash('sha256').update(original).digest()) },
      });
      // The entry's own hash binding: one changed byte of its picture and the reader says so.
      const tampered = Buffer.from(e.data);
      tampered[tampered.length - 50]! ^= 0x10;
      const broken = await readCredential(tampered);
      expect(broken.state).toBe('Invalid');
      expect(codes(broken.failures)).toContain('assertion.dataHash.mismatch');
    }
    // The photo names became the titles (the history shows them too).
    const after = (await (
      await api(t, 'GET', `/api/batches/${batch.id}`, { cookie: u.cookie })
    ).json()) as Batch;
    expect(after.items.map((i) => i.title)).toEqual(['12 Oak St - Living', '12 oak st - living', 'IMG_0042']);

    // Only the owner: anyone else gets the same 404 as for a batch that does not exist.
    const other = await user(0);
    const foreign = await api(t, 'GET', `/api/batches/${batch.id}/download`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await foreign.json()).toMatchObject({ message: 'Batch not found' });
    const visitor = await api(t, 'GET', `/api/batches/${batch.id}/download`);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toHaveProperty('message');
    const missing = await api(t, 'GET', `/api/batches/${crypto.randomUUID()}/download`, { cookie: u.cookie });
    expect(missing.status).toBe(404);
    const bad = await api(t, 'GET', '/api/batches/not-a-uuid/download', { cookie: u.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Invalid batch id' });
  }, 120_000);

  it('a listing page shows every pair, and the ZIP holds the originals and DISCLOSURE.txt with working links', async () => {
    const u = await user(3);
    const batch = await finishedBatch(u.cookie, ['front.jpg', 'kitchen.jpg', 'living.jpg']);
    const bare = await readZip(
      Buffer.from(
        await (await api(t, 'GET', `/api/batches/${batch.id}/download`, { cookie: u.cookie })).arrayBuffer(),
      ),
    );
    const before = bare.find((e) => e.name === 'DISCLOSURE.txt')!.data.toString('utf8');
    expect(before).toContain(`${STAGING_DISCLOSURE}.`);
    expect(before).toContain('No public original page is on yet');
    expect(before).not.toMatch(/https?:\/\//);

    const other = await user(0);
    const foreign = await api(t, 'POST', `/api/batches/${batch.id}/public-link`, {
      cookie: other.cookie,
      body: {},
    });
    expect(foreign.status).toBe(404);
    const on = await api(t, 'POST', `/api/batches/${batch.id}/public-link`, {
      cookie: u.cookie,
      body: { listingTitle: '12 Oak Street' },
    });
    expect(on.status).toBe(201);
    const link = publicLinkSchema.parse(await on.json());
    expect(link).toMatchObject({ kind: 'listing', batchId: batch.id });

    const page = await t.app.request(new URL(link.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>12 Oak Street</h1>');
    const srcs = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toHaveLength(2 * photos.length);

    const zip = await readZip(
      Buffer.from(
        await (await api(t, 'GET', `/api/batches/${batch.id}/download`, { cookie: u.cookie })).arrayBuffer(),
      ),
    );
    const text = zip.find((e) => e.name === 'DISCLOSURE.txt')!.data.toString('utf8');
    expect(text).toContain(`${STAGING_DISCLOSURE}. Original, unaltered photos: ${link.url}`);
    const urls = text.match(/https?:\/\/\S+/g)!;
    expect(urls.length).toBe(1 + photos.length);
    for (const url of urls) expect((await t.app.request(new URL(url).pathname)).status).toBe(200);
    // The originals in the ZIP are the stored originals, the same bytes the public page shows.
    const stagedEntries = zip.filter((e) => e.name.endsWith('.jpg') && !e.name.startsWith('originals/'));
    for (const [i, item] of batch.items.entries()) {
      const entry = zip.find((e) => e.name === `originals/${stagedEntries[i]!.name}`)!;
      const shown = await t.app.request(`${new URL(link.url).pathname}/${item.id}/original`);
      expect(Buffer.from(await shown.arrayBuffer()).equals(entry.data)).toBe(true);
    }
  }, 120_000);

  it('answers 409 with a message when nothing in the batch has finished', async () => {
    const u = await user(0);
    const [empty] = await t.ctx.db
      .insert(batches)
      .values({ userId: u.id, style: 'modern', photoCount: 0 })
      .returning();
    const res = await api(t, 'GET', `/api/batches/${empty!.id}/download`, { cookie: u.cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: NOTHING_TO_ZIP });
  });

  it('refuses names that do not match the photos, and charges nothing', async () => {
    const u = await user(3);
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(photos[0]!)], { type: 'image/jpeg' }), 'a.jpg');
    form.append('style', 'modern');
    form.append('roomType', 'bedroom');
    form.append('names', JSON.stringify(['a.jpg', 'b.jpg']));
    const res = await t.app.request('/api/batches', {
      method: 'POST',
      body: form,
      headers: { Cookie: u.cookie, 'X-Requested-With': 'roomstage' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'names has 2 entries for 1 photos.' });
    const usage = (await (await api(t, 'GET', '/api/usage', { cookie: u.cookie })).json()) as {
      credits: number;
    };
    expect(usage.credits).toBe(3);
  });
});
