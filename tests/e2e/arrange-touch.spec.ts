// Issue 31 item 2, "touch at 390 px". The pointer journey (arrange-furniture.spec.ts) drags with a
// mouse; here a finger does: real touch input through the DevTools protocol, which Chromium turns into
// pointer events of type "touch" as on a phone, and which would scroll the page if the floor let it.
import { expect, test, type Page } from '@playwright/test';
import { snap, stageLivingRoom, toast, VIEWPORTS } from './support.ts';
import { signedInUser } from './users.ts';

test.use({ hasTouch: true, viewport: VIEWPORTS.mobile });

// A drag the page took instead (touch-action left to the browser) never asks for a preview.
const previewed = (page: Page) =>
  page.waitForResponse('**/layout/preview', { timeout: 30_000 }).then((r) => r.status());

test('a finger drags the sofa along the floor without scrolling the page, and the save keeps it (390 px)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'arrangetouch');
  await stageLivingRoom(page);
  await page.getByTestId('arrange-open').tap();
  const editor = page.getByTestId('arrange-editor');
  await expect(editor.getByRole('heading', { name: 'Arrange Furniture' })).toBeVisible({ timeout: 30_000 });
  const sofa = editor.locator('[data-piece="sofa"]');
  await expect(sofa).toHaveCount(1);
  const floor = editor.getByRole('group', { name: 'Pieces on the floor' });
  await floor.scrollIntoViewIfNeeded();
  const photo = (await floor.boundingBox())!;

  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await page.evaluate(() => {
    const w = window as unknown as { pointerTypes: string[] };
    w.pointerTypes = [];
    document.addEventListener('pointerdown', (e) => w.pointerTypes.push(e.pointerType), true);
  });

  // Another piece in the way stops the sofa, so the drags try directions until it has moved.
  let moved = false;
  for (const [dx, dy] of [
    [0, 0.3],
    [-0.3, 0.25],
    [0.3, 0.25],
    [-0.35, 0],
    [0.35, 0],
  ] as const) {
    const box = (await sofa.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const scrolled = await page.evaluate(() => window.scrollY);
    const done = previewed(page);
    await touch('touchStart', from.x, from.y);
    for (let i = 1; i <= 12; i++)
      await touch('touchMove', from.x + (dx * photo.width * i) / 12, from.y + (dy * photo.height * i) / 12);
    await touch('touchEnd');
    expect(await done).toBe(200);
    // The finger moved the piece, not the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const now = (await sofa.boundingBox())!;
    moved = Math.hypot(now.x + now.width / 2 - from.x, now.y + now.height / 2 - from.y) > 5;
    if (moved) break;
  }
  expect(moved).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes)).toContain(
    'touch',
  );
  await snap(page, 'arrange-touch-dragged-390');

  const saved = page.waitForResponse((r) => r.url().endsWith('/layout') && r.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Save Arrangement' }).tap();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, 'Arrangement Saved')).toBeVisible({ timeout: 30_000 });
  const id = await page.evaluate(async () => {
    const list = (await (await fetch('/api/transformations')).json()) as { id: string }[];
    return list[0]!.id;
  });
  const layout = (await (await page.request.get(`/api/transformations/${id}/layout`)).json()) as {
    versions: unknown[];
  };
  expect(layout.versions).toHaveLength(2);
});
