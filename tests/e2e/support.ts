import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ACCEPT_FEWER_PIECES_LABEL } from '#shared/constants/staging.ts';

/** The running server's DATA_DIR (mail outbox, images), set by scripts/e2e.mjs. */
export const dataDir = () => process.env.E2E_DATA_DIR ?? '';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Saves a full-page screenshot under test-results/screens/ for people to look at. */
export async function snap(page: Page, name: string) {
  const dir = path.join('test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A toast's title or description inside the notifications region (Radix also announces it elsewhere). */
export const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/**
 * Lets the check before payment settle and, when it finds no open floor for the main piece, goes on
 * knowingly (decision 0110): for journeys that test what comes after Transform, not the placement.
 */
export async function goOnKnowingly(page: Page) {
  // The check starts on the change that triggered it; give it a frame to begin before waiting it out.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('transform-button')).not.toHaveText('Checking the Photo…', {
    timeout: 30_000,
  });
  const accept = page.getByLabel(ACCEPT_FEWER_PIECES_LABEL);
  if (await accept.isVisible()) await accept.check();
}

const FIXTURES = path.resolve('../shared/fixtures/rooms');

/** Stages empty-living-03 (a room where the engine stands a full living group) from the home page. */
export async function stageLivingRoom(page: Page) {
  await page.goto('/');
  await page.locator('#stage input[type="file"]').setInputFiles(path.join(FIXTURES, 'empty-living-03.jpg'));
  await expect(toast(page, 'Room identified!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: /room type/i }).click();
  await page.getByRole('option', { name: 'Living Room' }).click();
  await goOnKnowingly(page);
  await page.getByRole('button', { name: 'Transform Room' }).click();
  await expect(page.getByRole('heading', { name: 'Your Transformed Room' })).toBeVisible({ timeout: 90_000 });
}
