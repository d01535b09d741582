import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { ORIGINAL_LABEL, STAGING_DISCLOSURE, WITHDRAWN_TITLE } from '#shared/constants/disclosure.ts';
import { codes, readCredential } from '../helpers/c2pa-reader.ts';
import { snap, stageLivingRoom, toast, VIEWPORTS } from './support.ts';
import { signedInUser } from './users.ts';

// Issue 32, "done when": an agent stages a photo, turns on its public original page, downloads the staged
// JPEG with a QR code, and the QR code read from the downloaded file opens the page signed out, showing
// the original and the disclosure; after revoking, the link says withdrawn.

async function qrIn(file: string) {
  const { data, info } = await sharp(fs.readFileSync(file))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
    ?.data;
}

for (const [size, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1280', VIEWPORTS.desktop],
] as const) {
  test(`a staged photo's public original page, QR code on the download, revoked (${size} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signedInUser(page, `public${size}`);
    await stageLivingRoom(page);

    const panel = page.getByTestId('public-link-panel');
    await panel.getByLabel(/Listing title or address/).fill('12 Oak Street, Springfield');
    await panel.getByRole('button', { name: 'Turn on public page' }).click();
    await expect(toast(page, 'Public page is on')).toBeVisible();
    const urlBox = panel.getByTestId('public-link-url');
    await expect(urlBox).toHaveValue(/\/p\/[a-z2-7]{26}$/);
    const url = await urlBox.inputValue();
    await panel.scrollIntoViewIfNeeded();
    fs.mkdirSync('test-results/screens', { recursive: true });
    await page
      .getByTestId('transform-result')
      .screenshot({ path: `test-results/screens/public-link-on-${size}.png` });

    // The agent chooses the QR code for this download.
    await page.getByRole('combobox', { name: 'On the downloaded image' }).click();
    await page.getByRole('option', { name: 'Mark with QR code', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    const file = await download.path();
    expect(await qrIn(file)).toBe(url);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta.format).toBe('jpeg');
    // The file the browser saved carries Content Credentials the independent reader validates (decision
    // 0190), signed after the QR code was drawn; only the development signer is untrusted.
    const credential = await readCredential(fs.readFileSync(file));
    expect(credential.state).toBe('Valid');
    expect(codes(credential.failures)).toEqual(['signingCredential.untrusted']);

    // Signed out (a fresh context, no cookies): the page from the QR code.
    const visitor = await browser.newContext({ viewport });
    const pub = await visitor.newPage();
    const res = await pub.goto((await qrIn(file))!);
    expect(res?.status()).toBe(200);
    await expect(pub.getByRole('heading', { level: 1, name: '12 Oak Street, Springfield' })).toBeVisible();
    await expect(pub.locator('.disclosure')).toHaveText(STAGING_DISCLOSURE);
    await expect(pub.locator('figcaption').first()).toHaveText(ORIGINAL_LABEL);
    const original = pub.getByRole('img', {
      name: new RegExp(`^${ORIGINAL_LABEL.replace(/[()]/g, '\\$&')}`),
    });
    await expect(original).toBeVisible();
    await expect
      .poll(() => original.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await pub.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // The staged image the page shows is a delivered JPEG too: signed, and valid to the reader.
    const stagedSrc = await pub.locator('img[src$="/staged"]').getAttribute('src');
    const stagedImage = await pub.request.get(new URL(stagedSrc!, pub.url()).href);
    expect(stagedImage.status()).toBe(200);
    const shown = await readCredential(await stagedImage.body());
    expect(shown.state).toBe('Valid');
    expect(codes(shown.failures)).toEqual(['signingCredential.untrusted']);
    // Nothing of the account.
    await expect(pub.getByText(/@/)).toHaveCount(0);
    await snap(pub, `public-page-${size}`);

    await panel.getByRole('button', { name: 'Revoke link' }).click();
    await expect(toast(page, 'Public page revoked')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Turn on public page' })).toBeVisible();
    const gone = await pub.goto(url);
    expect(gone?.status()).toBe(410);
    await expect(pub.getByRole('heading', { name: WITHDRAWN_TITLE })).toBeVisible();
    await expect(pub.getByRole('img')).toHaveCount(0);
    await snap(pub, `public-page-withdrawn-${size}`);
    await visitor.close();
  });
}
