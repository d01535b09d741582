import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

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
