import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { snap, VIEWPORTS } from './support.ts';

const PUBLIC_ROUTES = [
  '/',
  '/features',
  '/examples',
  '/pricing',
  '/help',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/no-such-page',
];

for (const route of PUBLIC_ROUTES) {
  test(`${route}: no serious or critical accessibility violations; screenshots at 390 and 1280`, async ({
    page,
  }) => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto(route);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await page.title()).not.toBe('');
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(20);
      // Nothing may scroll sideways at phone width.
      if (name === 'mobile')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      await snap(page, `public${route === '/' ? '-home' : route.replaceAll('/', '-')}-${viewport.width}`);
    }
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      ),
    ).toEqual([]);
  });
}
