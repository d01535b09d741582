import { expect, test, type Locator, type Page } from '@playwright/test';
import { snap, stageLivingRoom, toast, VIEWPORTS } from './support.ts';
import { signedInUser } from './users.ts';

/** Presses Tab until `target` has the focus, as a keyboard user would reach it; fails after `max`. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The preview of the last change: its status (200, or 422 when the room refused it). */
const previewed = (page: Page) => page.waitForResponse('**/layout/preview').then((r) => r.status());

/**
 * Presses a key on the focused piece: the preview's status when the change was kept and rendered,
 * 422 when the server refused it, null when the editor refused it itself (no preview is asked for).
 */
async function press(page: Page, key: string): Promise<number | null> {
  const asked = page.waitForRequest('**/layout/preview', { timeout: 2_500 }).catch(() => null);
  await page.keyboard.press(key);
  const req = await asked;
  return req ? ((await req.response())?.status() ?? null) : null;
}

/** Presses each key in turn until one is kept (preview 200); returns it, or null. */
async function firstKept(page: Page, keys: string[]): Promise<string | null> {
  for (const key of keys) if ((await press(page, key)) === 200) return key;
  return null;
}

test('the agent arranges the staged room by keyboard alone and history shows both versions (1280 px)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signedInUser(page, 'arrangekeys');
  // Staging itself is covered by keyboard elsewhere (focus-follows); here the photo is staged as usual.
  await stageLivingRoom(page);
  const id = await page.evaluate(async () => {
    const list = (await (await fetch('/api/transformations')).json()) as { id: string }[];
    return list[0]!.id;
  });
  const download = async () =>
    Buffer.from(await (await page.request.get(`/api/transformations/${id}/download`)).body());
  const staged = await download();

  // From here on, only the keyboard.
  await page.locator('body').focus();
  await tabTo(page, page.getByTestId('arrange-open'));
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('arrange-editor');
  await expect(editor.getByRole('heading', { name: 'Arrange Furniture' })).toBeVisible({ timeout: 30_000 });

  // Tab to the sofa: the arrows move it 10 cm at a time (a direction the room allows), R turns it.
  const sofa = editor.locator('[data-piece="sofa"]');
  await tabTo(page, sofa);
  await expect(sofa).toHaveAttribute('aria-pressed', 'true');
  const before = (await sofa.boundingBox())!;
  const arrow = await firstKept(page, ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']);
  expect(arrow).not.toBeNull();
  await press(page, arrow!);
  const after = (await sofa.boundingBox())!;
  expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y)).toBeGreaterThan(2);
  // Against its wall a sofa may not turn (a corner would go through it): then the armchair turns below.
  const sofaTurned = (await firstKept(page, ['r', 'R'])) !== null;

  // Delete removes a piece (the plant when the engine placed one, else the side table or the lamp).
  const removable = editor.locator(
    '[data-piece="plant"], [data-piece="side-table"], [data-piece="floor-lamp"]',
  );
  const count = await editor.locator('polygon[data-piece]').count();
  expect(await removable.count()).toBeGreaterThan(0);
  await tabTo(page, removable.first());
  let done = previewed(page);
  await page.keyboard.press('Delete');
  expect(await done).toBe(200);
  await expect(editor.locator('polygon[data-piece]')).toHaveCount(count - 1);

  // Add an armchair: the select by typing its name, then the Add button; it lands on free floor.
  const select = editor.getByLabel('Add a piece');
  await tabTo(page, select);
  await page.keyboard.type('Armchair');
  await expect(select).toHaveValue('armchair');
  await tabTo(page, editor.getByRole('button', { name: 'Add' }));
  done = previewed(page);
  await page.keyboard.press('Enter');
  expect(await done).toBe(200);
  const armchair = editor.locator('[data-piece="armchair"]').last();
  await expect(armchair).toBeAttached();
  await expect(editor.getByTestId('arrange-problem')).toBeEmpty();
  if (!sofaTurned) {
    await tabTo(page, armchair);
    expect(await firstKept(page, ['r', 'R'])).not.toBeNull();
  }
  await snap(page, 'arrange-keyboard-edited-1280');

  await tabTo(page, editor.getByRole('button', { name: 'Save Arrangement' }));
  const saved = page.waitForResponse((r) => r.url().endsWith('/layout') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(toast(page, 'Arrangement Saved')).toBeVisible({ timeout: 30_000 });
  await snap(page, 'arrange-keyboard-saved-1280');
  // The download is the new version, and it differs from the staging.
  expect((await download()).equals(staged)).toBe(false);

  // The history lists both versions; the summary opens with Enter.
  await page.goto('/dashboard?tab=history');
  const card = page.locator(`[data-testid="transformation-card"][data-id="${id}"]`);
  const versions = card.getByTestId('layout-versions');
  await expect(versions).toContainText('2 versions, showing version 2');
  await tabTo(page, versions.locator('summary'));
  await page.keyboard.press('Enter');
  await expect(versions.getByTestId('layout-version')).toHaveCount(2);
  await expect(versions.getByTestId('layout-version').nth(0)).toContainText('Version 1 (staging)');
  await expect(versions.getByTestId('layout-version').nth(1)).toContainText('Version 2 (arranged)');
  await snap(page, 'arrange-keyboard-history-1280');
});
