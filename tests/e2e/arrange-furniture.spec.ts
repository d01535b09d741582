import { expect, test, type Page } from '@playwright/test';
import { snap, stageLivingRoom, toast, VIEWPORTS } from './support.ts';
import { signedInUser } from './users.ts';

/** Waits for the preview of the last change; returns its status (200, or 422 when the room refused it). */
const previewed = (page: Page) => page.waitForResponse('**/layout/preview').then((r) => r.status());

for (const [size, viewport] of [
  ['1280', VIEWPORTS.desktop],
  ['390', VIEWPORTS.mobile],
] as const) {
  test(`the agent arranges the staged room and saves it as a new version (${size} px)`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signedInUser(page, `arrange${size}`);
    await stageLivingRoom(page);
    await page.getByTestId('arrange-open').click();
    const editor = page.getByTestId('arrange-editor');
    await expect(editor.getByRole('heading', { name: 'Arrange Furniture' })).toBeVisible({ timeout: 30_000 });
    const sofa = editor.locator('[data-piece="sofa"]');
    await expect(sofa).toHaveCount(1);
    await snap(page, `arrange-open-${size}`);

    // Drag the sofa along the floor into the room (on a phone, scrolled into view first). Another
    // piece in the way stops it there, so the drags try directions until the sofa has moved.
    const floor = editor.getByRole('group', { name: 'Pieces on the floor' });
    await floor.scrollIntoViewIfNeeded();
    const photo = (await floor.boundingBox())!;
    let from = { x: 0, y: 0 };
    let moved = false;
    let done: Promise<number>;
    for (const [dx, dy] of [
      [0, 0.3],
      [-0.3, 0.25],
      [0.3, 0.25],
      [-0.35, 0],
      [0.35, 0],
    ] as const) {
      const box = (await sofa.boundingBox())!;
      from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      done = previewed(page);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + dx * photo.width, from.y + dy * photo.height, { steps: 12 });
      await page.mouse.up();
      expect(await done).toBe(200);
      const now = (await sofa.boundingBox())!;
      moved = Math.hypot(now.x + now.width / 2 - from.x, now.y + now.height / 2 - from.y) > 5;
      if (moved) break;
    }
    expect(moved).toBe(true);

    // Turn it (keyboard on the selected piece), remove the plant, add an armchair.
    // Where the sofa stopped against another piece, a turn may be refused: the editor then says why.
    const asked = page.waitForRequest('**/layout/preview', { timeout: 2_500 }).catch(() => null);
    await sofa.focus();
    await page.keyboard.press('r');
    const turn = await asked;
    const turned = turn ? (await turn.response())?.status() : null;
    if (turned !== 200) await expect(editor.getByTestId('arrange-problem')).not.toBeEmpty();
    // The engine places a plant in this room (deterministic per seed): the agent removes it.
    const plant = editor.locator('[data-piece="plant"]');
    const plants = await plant.count();
    expect(plants).toBeGreaterThan(0);
    done = previewed(page);
    await plant.first().focus();
    await page.keyboard.press('Delete');
    expect(await done).toBe(200);
    await expect(plant).toHaveCount(plants - 1);
    await editor.getByLabel('Add a piece').selectOption('armchair');
    done = previewed(page);
    await editor.getByRole('button', { name: 'Add' }).click();
    // "Add" puts the piece on the nearest free floor (freeSpot, decision 0180), so it is kept.
    expect(await done).toBe(200);
    await expect(editor.locator('[data-piece="armchair"]')).not.toHaveCount(0);
    await snap(page, `arrange-edited-${size}`);

    // Undo and redo the last kept change.
    await editor.getByRole('button', { name: 'Undo' }).click();
    await editor.getByRole('button', { name: 'Redo' }).click();

    const saved = page.waitForResponse((r) => r.url().endsWith('/layout') && r.request().method() === 'POST');
    await editor.getByRole('button', { name: 'Save Arrangement' }).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, 'Arrangement Saved')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('transform-result').locator('img[src*="?v=2"]').first()).toBeAttached();
    await snap(page, `arrange-saved-${size}`);

    // History keeps both versions.
    const id = await page.evaluate(async () => {
      const list = (await (await fetch('/api/transformations')).json()) as { id: string }[];
      return list[0]!.id;
    });
    const layout = (await (await page.request.get(`/api/transformations/${id}/layout`)).json()) as {
      versions: unknown[];
    };
    expect(layout.versions).toHaveLength(2);
  });
}
