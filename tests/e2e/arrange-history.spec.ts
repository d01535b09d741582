// Issue 31 item 2: the editor is on the home page's result card and in the dashboard's view of a
// transformation. Here a past staging is opened from the History tab's image viewer, a piece is moved
// and saved: a new version, shown at once in the viewer's slider.
import { expect, test, type Page } from '@playwright/test';
import { snap, stageLivingRoom, VIEWPORTS } from './support.ts';
import { signedInUser } from './users.ts';

/** Presses a key on the focused piece; the preview's status, or null when the editor asked for none. */
async function press(page: Page, key: string): Promise<number | null> {
  const asked = page.waitForRequest('**/layout/preview', { timeout: 2_500 }).catch(() => null);
  await page.keyboard.press(key);
  const req = await asked;
  return req ? ((await req.response())?.status() ?? null) : null;
}

test('a past staging is arranged from the History tab and saved as a new version (1280 px)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signedInUser(page, 'arrangehistory');
  await stageLivingRoom(page);
  const id = await page.evaluate(async () => {
    const list = (await (await fetch('/api/transformations')).json()) as { id: string }[];
    return list[0]!.id;
  });

  await page.goto('/dashboard?tab=history');
  const card = page.locator(`[data-testid="transformation-card"][data-id="${id}"]`);
  await card.getByRole('button', { name: /^View / }).click();
  const viewer = page.getByRole('dialog');
  await viewer.getByTestId('arrange-open').click();
  const editor = viewer.getByTestId('arrange-editor');
  await expect(editor.getByRole('heading', { name: 'Arrange Furniture' })).toBeVisible({ timeout: 30_000 });

  const sofa = editor.locator('[data-piece="sofa"]');
  await sofa.focus();
  let kept = false;
  for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'])
    if ((await press(page, key)) === 200) {
      kept = true;
      break;
    }
  expect(kept).toBe(true);

  const saved = page.waitForResponse((r) => r.url().endsWith('/layout') && r.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Save Arrangement' }).click();
  expect((await saved).status()).toBe(200);
  // (Its toast is outside the modal viewer, which hides the rest of the page from the accessibility
  // tree, so it is not looked up by role here.)
  // The viewer compares the original with the saved version.
  await expect(viewer.locator('img[src*="?v=2"]').first()).toBeAttached();
  await snap(page, 'arrange-history-saved-1280');
  const layout = (await (await page.request.get(`/api/transformations/${id}/layout`)).json()) as {
    versions: unknown[];
  };
  expect(layout.versions).toHaveLength(2);
});
