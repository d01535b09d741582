import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ACCEPT_FEWER_PIECES_LABEL, NO_OPEN_FLOOR_BUTTON } from '#shared/constants/staging.ts';

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
 * Waits until the check before payment has settled and the run button names the run (`label`); where the
 * check finds no open floor for the main piece, goes on knowingly first (decision 0110). For journeys that
 * test what comes after Transform, not the placement. Retried rather than timed: the check may start a
 * moment after the change that triggers it.
 */
export async function goOnKnowingly(page: Page, label: string) {
  const run = page.getByTestId('transform-button');
  await expect(async () => {
    if ((await run.textContent()) === NO_OPEN_FLOOR_BUTTON)
      await page.getByLabel(ACCEPT_FEWER_PIECES_LABEL).check();
    await expect(run).toHaveText(label, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

const FIXTURES = path.resolve('../shared/fixtures/rooms');

/** Stages empty-living-03 (a room where the engine stands a full living group) from the home page. */
export async function stageLivingRoom(page: Page) {
  await page.goto('/');
  await page.locator('#stage input[type="file"]').setInputFiles(path.join(FIXTURES, 'empty-living-03.jpg'));
  await expect(toast(page, 'Room identified!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: /room type/i }).click();
  await page.getByRole('option', { name: 'Living Room' }).click();
  await goOnKnowingly(page, 'Transform Room');
  await page.getByRole('button', { name: 'Transform Room' }).click();
  await expect(page.getByRole('heading', { name: 'Your Transformed Room' })).toBeVisible({ timeout: 90_000 });
}
