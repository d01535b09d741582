import { expect, test, type Page } from '@playwright/test';
import { snap, VIEWPORTS } from './support.ts';

// "/" is pre-rendered at build time (scripts/prerender-home.mjs) and hydrated by client/boot.tsx.

/** The entry script (boot.tsx's chunk): holding it back keeps the page in its pre-rendered state. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Collects console errors and uncaught exceptions (a failed hydration logs one). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('the HTML of "/" has the header and hero; other paths get the empty shell', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('Furnish empty listings in seconds, not days');
  expect(home).toMatch(/<img[^>]+src="\/assets\/dining-room-after-[\w-]+\.webp"/);
  expect(home).toContain('aria-label="Open menu"');
  const pricing = await (await request.get('/pricing')).text();
  expect(pricing).toContain('<div id="root"></div>');
  expect(pricing).not.toContain('Furnish empty listings');
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`hydration keeps the pre-rendered page as it is (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const errors = watchErrors(page);
    // Remember the nodes the HTML parser made; a mismatch would make React replace them.
    await page.addInitScript(() => {
      const w = window as unknown as { __parsed?: { h1: Element; img: Element } };
      new MutationObserver((_, obs) => {
        const h1 = document.querySelector('h1');
        const img = document.querySelector('img[src*="dining-room-after"]');
        if (h1 && img) {
          w.__parsed = { h1, img };
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    // The staging tool mounts only after hydration (client/routes/home/home-page.tsx).
    await expect(page.locator('#stage')).toBeVisible();
    const kept = await page.evaluate(() => {
      const w = window as unknown as { __parsed?: { h1: Element; img: Element } };
      return {
        parsed: !!w.__parsed,
        h1: w.__parsed?.h1 === document.querySelector('h1'),
        img: w.__parsed?.img === document.querySelector('img[src*="dining-room-after"]'),
      };
    });
    expect(kept).toEqual({ parsed: true, h1: true, img: true });
    // The session's answer arrived and rendered into the hydrated header.
    await expect(page.locator('header a[href="/login"]').first()).toBeAttached();
    expect(errors).toEqual([]);
    await snap(page, `home-prerender-hydrated-${name}`);
  });
}

test('a tap on the phone menu before the JavaScript has run still opens it (390 px)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  const errors = watchErrors(page);
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  // Not hydrated yet: the tap has done nothing so far.
  await expect(nav).toHaveCount(0);
  await snap(page, 'home-prerender-before-hydration-390');
  release();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  // Replayed once: a second replay would have closed it again.
  await page.waitForTimeout(300);
  await expect(nav).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tap after hydration opens and closes the phone menu as usual (390 px)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/');
  await expect(page.locator('#stage')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
});
