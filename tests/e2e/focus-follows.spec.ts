import path from 'node:path';
import { expect, test, type FileChooser, type Page } from '@playwright/test';
import { newAccount } from './dashboard-seed.ts';
import { snap, VIEWPORTS } from './support.ts';

// Issue 34, by keyboard alone: after a photo is chosen focus moves to the control that needs the agent
// and a polite status says so; a photo chosen on the pre-rendered home page before the scripts ran is
// not lost. Waits carry explicit timeouts (Playwright actions have none).

const FIXTURES = path.resolve('../shared/fixtures/rooms');
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Tabs forward until the focused element matches `selector` (and has `text`); fails after `limit` presses. */
async function tabTo(page: Page, selector: string, text?: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(
      ([sel, label]) => {
        const el = document.activeElement;
        return !!el?.matches(sel) && (label === undefined || el.textContent?.trim() === label);
      },
      [selector, text] as const,
    );
    if (hit) return;
  }
  throw new Error(`focus never reached ${selector} after ${limit} Tab presses`);
}

/** Resolves with the next file chooser; listening from the start keeps Playwright's interception on early. */
function nextChooser(page: Page, timeout = 10_000) {
  return new Promise<FileChooser>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no file chooser within ${timeout} ms`)), timeout);
    page.once('filechooser', (chooser) => {
      clearTimeout(timer);
      resolve(chooser);
    });
  });
}

/** What has focus: its id, test id, next-step mark and text, to compare in one assertion. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      nextStep: el?.getAttribute('data-next-step') ?? '',
      text: el?.textContent?.trim() ?? '',
    };
  });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`choosing a photo by keyboard moves focus to the next control and says so (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const chooser = nextChooser(page, 40_000);
    await page.goto('/');
    const stage = page.locator('#stage');
    await expect(stage).toBeVisible({ timeout: 15_000 });
    // The session's answer has rendered (the header's Sign In): the tool is settled.
    await expect(page.locator('header a[href="/login"]').first()).toBeAttached({ timeout: 15_000 });
    await tabTo(page, '#stage button', 'Choose File');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(path.join(FIXTURES, 'empty-living-01.jpg'));

    const status = page.getByTestId('next-step-status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText(/^Photo checked\. /, { timeout: 30_000 });
    // The room type was recognised (Transform is next) or not (the room type select is): either way focus
    // is on that control, not on <body>, and the status names it.
    await expect.poll(async () => (await focused(page)).tag, { timeout: 10_000 }).not.toBe('body');
    const now = await focused(page);
    const message = (await status.textContent()) ?? '';
    if (now.nextStep === 'transform') expect(message).toContain('Transform Room');
    else {
      expect(now.id).toBe('room-type');
      expect(message).toContain('Choose the room type');
    }
    await snap(page, `focus-after-photo-${name}`);

    // The next Tab goes on from there, not from the top of the page.
    await page.keyboard.press('Tab');
    const after = await page.evaluate(() => !!document.activeElement?.closest('#stage'));
    expect(after).toBe(true);
  });
}

test('a photo chosen by keyboard before the scripts load is picked up when they do (390 px)', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  const chooser = nextChooser(page, 30_000);
  await page.goto('/', { waitUntil: 'commit' });
  const early = page.getByTestId('early-file');
  await expect(early).toBeAttached({ timeout: 15_000 });
  // Pre-rendered, not hydrated: a real file input the keyboard reaches and opens.
  expect(await early.evaluate((el) => (el as HTMLInputElement).type)).toBe('file');
  await tabTo(page, '[data-testid="early-file"]');
  await snap(page, 'focus-early-file-before-scripts-390');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path.join(FIXTURES, 'empty-bedroom-01.jpg'));
  await expect(page.locator('#stage')).toHaveCount(0);

  release();
  await expect(page.locator('#stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#stage').getByText('empty-bedroom-01.jpg', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('next-step-status')).toHaveText(
    /^(empty-bedroom-01\.jpg chosen|Photo checked)/,
    {
      timeout: 30_000,
    },
  );
  await snap(page, 'focus-early-file-picked-up-390');
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`choosing a batch's photos by keyboard moves focus on once they are checked (${viewport.width} px)`, async ({
    browser,
  }) => {
    const { api } = await newAccount(`focus-batch-${name}`);
    const context = await browser.newContext({ storageState: await api.storageState(), viewport });
    const page = await context.newPage();
    const chooser = nextChooser(page, 40_000);
    await page.goto('/dashboard?tab=transform&mode=batch');
    await expect(page.getByRole('tab', { name: 'Whole Listing' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 15_000,
    });
    await tabTo(page, '[data-batch-next-step="zone"]');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles([path.join(FIXTURES, 'empty-living-01.jpg'), path.join(FIXTURES, 'empty-bedroom-01.jpg')]);
    const status = page.getByTestId('batch-next-step-status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText(/^2 photos checked\. /, { timeout: 90_000 });
    const now = await focused(page);
    const message = (await status.textContent()) ?? '';
    if (message.includes('Choose a room type')) expect(now.id).toBe('batch-room');
    else expect(now.text).toBe('Stage 2 Photos');
    await snap(page, `focus-batch-after-photos-${name}`);
    await context.close();
  });
}
