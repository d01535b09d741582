import { expect as baseExpect, test } from '@playwright/test';
import sharp from 'sharp';
import type { Batch } from '#shared/schemas/batches.ts';
import { readZip } from '../helpers/zip.ts';
import { readCredential } from '../helpers/c2pa-reader.ts';
import { newAccount, payCheckout, photo, type Photo } from './dashboard-seed.ts';
import { snap, VIEWPORTS } from './support.ts';

// Batch staging in the dashboard: a 20-photo listing on the local engine, checked, priced, started,
// followed photo by photo in the browser, and downloaded as one ZIP holding 20 images.
test.describe.configure({ timeout: 900_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const LISTING = [
  ...[
    'living-01',
    'living-02',
    'living-03',
    'bedroom-01',
    'bedroom-02',
    'kitchen-01',
    'kitchen-02',
    'dining-01',
    'dining-02',
    'office-01',
    'office-02',
  ].map((n) => `empty-${n}.jpg`),
  ...['bedroom-01', 'living-01', 'living-02', 'living-03', 'living-04-ai-staged', 'office-01'].map(
    (n) => `furnished-${n}.jpg`,
  ),
  'edge-empty-render-large-01.jpg',
  'edge-empty-loft-letterbox-01.jpg',
  'edge-cluttered-moving-boxes-01.jpg',
];

test('a 20-photo listing is checked, priced, staged with per-photo progress and downloaded as one ZIP of 20 images', async ({
  browser,
}) => {
  expect(LISTING).toHaveLength(20);
  // 3 free monthly transformations and two Starter packs (10 credits each): enough for 20 photos.
  const { api } = await newAccount('batch');
  await payCheckout(api, '/api/purchase-credits', { packageId: 'starter' });
  await payCheckout(api, '/api/purchase-credits', { packageId: 'starter' });
  const photos: Photo[] = await Promise.all(LISTING.map((f) => photo(f)));

  const context = await browser.newContext({
    storageState: await api.storageState(),
    viewport: VIEWPORTS.desktop,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto('/dashboard?tab=transform&mode=batch');
  await expect(page.getByRole('tab', { name: 'Whole Listing' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('batch-file-input').setInputFiles(photos);

  // Every photo is checked (interior, room type, furnished) before anything is paid.
  const cards = page.getByTestId('batch-photo');
  await expect(cards).toHaveCount(20);
  await expect(page.getByTestId('photo-check').getByText('Checking')).toHaveCount(0, { timeout: 240_000 });
  const checks = page.getByTestId('photo-check');
  await expect(checks.getByText('Interior', { exact: true }).first()).toBeVisible();
  // Every photo shows its outcome: an interior, not a room, or not checked (then it may still be staged).
  for (const c of await checks.all())
    await expect(c.getByText(/^\s*(Interior|Not a room|Not checked)\s*$/)).toHaveCount(1);
  // A photo the check doubted is still part of this listing (the agent knows it is a room).
  for (const b of await page.getByRole('button', { name: 'Stage Anyway' }).all()) await b.click();
  // Photos whose room type was not detected wait for the agent's choice (never a silent default).
  // The set shrinks with each choice, so always take the first that still waits (bounded by the 20 photos).
  const waiting = cards.filter({ has: page.getByTestId('choose-room-type') });
  for (let i = 0; i < LISTING.length && (await waiting.count()) > 0; i++) {
    await waiting.first().getByRole('combobox').click({ timeout: 30_000 });
    await page.getByRole('option', { name: 'Living Room', exact: true }).click({ timeout: 30_000 });
  }
  await expect(page.getByTestId('batch-missing-room-type')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Style' }).click();
  await page.getByRole('option', { name: 'Scandinavian' }).click();
  const cost = page.getByTestId('batch-cost');
  await expect(cost).toContainText('20 photos to stage');
  await expect(cost).toContainText('Cost: 3 monthly transformations and 17 credits.');
  await expect(cost).toContainText('You have 23 transformations or credits left.');
  await expect(page.getByRole('checkbox', { name: 'Same furniture in every photo' })).toBeChecked();
  await snap(page, 'batch-setup-1280');
  await page.setViewportSize(VIEWPORTS.mobile);
  await snap(page, 'batch-setup-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Stage 20 Photos' }).click();
  await expect(page).toHaveURL(/[?&]batch=[0-9a-f-]{36}/, { timeout: 120_000 });
  const items = page.getByTestId('batch-item');
  await expect(items).toHaveCount(20);
  // Per-photo progress: photos wait in the queue with their place and an estimate, then finish one by one.
  await expect(items.filter({ hasText: /in the queue · ready in/ }).first()).toBeVisible();
  await snap(page, 'batch-progress-1280');
  await expect
    .poll(
      async () => Number((await page.getByTestId('batch-counts').textContent())?.match(/^(\d+) of/)?.[1]),
      { timeout: 600_000 },
    )
    .toBeGreaterThan(0);
  await page.setViewportSize(VIEWPORTS.mobile);
  await snap(page, 'batch-progress-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  await expect(page.getByTestId('batch-progress')).toHaveAttribute('data-settled', 'true', {
    timeout: 600_000,
  });
  const batchId = new URL(page.url()).searchParams.get('batch')!;
  const final = (await (await page.request.get(`/api/batches/${batchId}`)).json()) as Batch;
  expect(
    final.items.filter((i) => i.state !== 'completed').map((i) => `${i.title}: ${i.errorMessage}`),
  ).toEqual([]);
  expect(final.sameFurniture).toBe(true);
  await expect(page.getByTestId('batch-counts')).toHaveText('20 of 20 staged');
  await expect(page.locator('[data-testid="batch-item"][data-state="completed"]')).toHaveCount(20);
  await snap(page, 'batch-done-1280');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('batch-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^staged-listing-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await download.path();
  const all = await readZip(file);
  // The staged photos, their originals under originals/, and DISCLOSURE.txt (issue 32).
  expect(all).toHaveLength(41);
  expect(all.filter((e) => e.name.startsWith('originals/'))).toHaveLength(20);
  expect(all.at(-1)!.name).toBe('DISCLOSURE.txt');
  // Each staged photo is followed by its original (one read of the original signs the photo, then
  // is its originals/ entry), named after the photos, in upload order.
  const names = LISTING.map((n) => n.replace(/\.jpg$/, '').toLowerCase());
  expect(all.slice(0, 40).map((e) => e.name.replace(/-\d{4}-\d{2}-\d{2}\.jpg$/, ''))).toEqual(
    names.flatMap((n) => [n, `originals/${n}`]),
  );
  const entries = all.filter((e, i) => i < 40 && !e.name.startsWith('originals/'));
  for (const e of entries) {
    const meta = await sharp(e.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(0);
    expect((await readCredential(e.data)).state, e.name).toBe('Valid');
  }

  await page.setViewportSize(VIEWPORTS.mobile);
  await snap(page, 'batch-done-390');
  await context.close();
});

test('a listing is staged with the same furniture in every photo unless the agent unticks it', async ({
  browser,
}) => {
  const { api } = await newAccount('batch-set');
  const context = await browser.newContext({
    storageState: await api.storageState(),
    viewport: VIEWPORTS.desktop,
  });
  const page = await context.newPage();
  await page.goto('/dashboard?tab=transform&mode=batch');
  await page.getByTestId('batch-file-input').setInputFiles([await photo('empty-bedroom-01.jpg')]);
  await expect(page.getByTestId('photo-check').getByText('Checking')).toHaveCount(0, { timeout: 120_000 });
  const same = page.getByRole('checkbox', { name: 'Same furniture in every photo' });
  await expect(
    page.getByText('Every room of this listing shows the same sofa, bed and chairs.'),
  ).toBeVisible();
  await expect(same).toBeChecked();
  await snap(page, 'batch-same-furniture-1280');
  await page.setViewportSize(VIEWPORTS.mobile);
  await expect(same).toBeVisible();
  await expect(same).toBeChecked();
  await snap(page, 'batch-same-furniture-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  // Unticked, the batch is created without the listing's set, and says so.
  await page.locator('#batch-room').click();
  await page.getByRole('option', { name: 'All photos: Bedroom', exact: true }).click();
  await same.click();
  await expect(same).not.toBeChecked();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/batches') && r.request().method() === 'POST', {
      timeout: 120_000,
    }),
    page.getByRole('button', { name: 'Stage 1 Photo' }).click({ timeout: 30_000 }),
  ]);
  // The server takes an absent flag as true: false in the answer is the form's unticked box, sent.
  // (Playwright does not expose a multipart body holding files, so the answer is what is read.)
  expect(((await created.json()) as Batch).sameFurniture).toBe(false);
  await context.close();
});
