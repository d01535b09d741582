import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PAGE_PATHS } from '#shared/constants/pages.ts';
import { payCheckout, photo, transform } from './dashboard-seed.ts';
import { expectAccessible, routeTablePaths, verifiedAccount } from './a11y-kit.ts';
import { snap, VIEWPORTS } from './support.ts';

// Issue 34: axe (WCAG 2.2 A and AA) on every route, every dashboard tab and every admin section, signed
// in as the right role, at 390 and 1280 px, with dialogs and menus open. One browser context per role and
// viewport, signed in once (the seeded API session's cookies), reused by every test of that viewport.

// Not serial: one screen's violations must not hide the next screen's. Playwright runs the file's tests in
// order in its one worker; after a failure it starts a new worker, which seeds again (verifiedAccount
// signs the admin in again when it is already registered).
test.describe.configure({ timeout: 120_000 });

/** admin@e2e.test belongs to admin.spec.ts; scripts/e2e.mjs makes this address an admin too. */
const ADMIN = 'a11y-admin@e2e.test';

/** Covered by their own tests below: the admin console per section, the two pages that need a seed. */
const OWN_TESTS: readonly string[] = ['/admin', '/checkout/test/:sessionId', '/receipts/:id'];

/**
 * Every page of the site a visitor can open without a seed (PAGE_PATHS, the list the route table takes
 * its paths from), a reset link with a made-up token, and an address with no page (the 404 screen).
 */
const PUBLIC_ROUTES = [
  ...PAGE_PATHS.filter((p) => !OWN_TESTS.includes(p)),
  '/reset-password/not-a-real-token',
  '/no-such-page',
].filter((p) => !p.includes(':'));

interface Seed {
  agent: Awaited<ReturnType<Awaited<ReturnType<typeof verifiedAccount>>['storageState']>>;
  admin: Seed['agent'];
  checkoutPath: string;
  receiptPath: string;
}
let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const agent = await verifiedAccount(`a11y.${Date.now()}@agency.test`);
  // Premium with a downgrade to Pro scheduled: the Billing tab then shows its notice and "Keep Premium".
  await payCheckout(agent, '/api/purchase-credits', { packageId: 'starter' });
  await payCheckout(agent, '/api/create-subscription', { planId: 'premium', billingCycle: 'monthly' });
  const down = await agent.post('/api/plan-change', { data: { planId: 'pro' } });
  expect(down.ok(), await down.text()).toBe(true);
  const staged = await transform(agent, await photo('empty-living-01.jpg'), 'modern', 'living-room');
  expect(
    (await agent.post(`/api/transformations/${staged.id}/favorite`, { data: { isFavorite: true } })).ok(),
  ).toBe(true);
  // An unpaid checkout for the test checkout page, and a receipt for the receipt page.
  const open = await agent.post('/api/purchase-credits', { data: { packageId: 'starter' } });
  const { url } = (await open.json()) as { url: string };
  const payments = (await (await agent.get('/api/payments')).json()) as { id: string }[];
  const receiptId = payments[0]?.id;
  expect(receiptId).toBeTruthy();
  const admin = await verifiedAccount(ADMIN);
  seed = {
    agent: await agent.storageState(),
    admin: await admin.storageState(),
    checkoutPath: new URL(url, 'http://x').pathname,
    receiptPath: `/receipts/${receiptId}`,
  };
  await agent.dispose();
  await admin.dispose();
});

test('the run covers every path of the route table', () => {
  const covered = [...PUBLIC_ROUTES, ...OWN_TESTS];
  const missing = routeTablePaths().filter(
    (p) => !covered.includes(p) && !covered.some((c) => c.startsWith(p.replace(/:\w+$/, ''))),
  );
  expect(missing).toEqual([]);
});

async function open(browser: Browser, viewport: { width: number; height: number }, state?: Seed['agent']) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', storageState: state });
  return { context, page: await context.newPage() };
}

/** Waits until the screen's data has arrived: no skeletons, no spinner standing in for a page. */
async function settled(page: Page) {
  await expect(page.locator('main h1, h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 20_000 });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const px = viewport.width;
  test.describe(`${px} px`, () => {
    const contexts: BrowserContext[] = [];
    let visitor: Page;
    let agent: Page;
    let admin: Page;
    test.beforeAll(async ({ browser }) => {
      for (const [role, state] of [
        ['visitor', undefined],
        ['agent', seed.agent],
        ['admin', seed.admin],
      ] as const) {
        const o = await open(browser, viewport, state);
        contexts.push(o.context);
        if (role === 'visitor') visitor = o.page;
        else if (role === 'agent') agent = o.page;
        else admin = o.page;
      }
    });
    test.afterAll(async () => {
      for (const c of contexts) await c.close();
    });

    for (const route of PUBLIC_ROUTES) {
      test(`${route} as a visitor`, async () => {
        const page = visitor;
        await page.goto(route);
        await settled(page);
        expect(await page.title()).not.toBe('');
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length).toBeGreaterThan(20);
        // Nothing may scroll sideways at phone width.
        if (name === 'mobile')
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(px);
        await snap(page, `public${route === '/' ? '-home' : route.replaceAll('/', '-')}-${px}`);
        await expectAccessible(page, `${route} at ${px} px`);
      });
    }

    if (name === 'mobile') {
      test('the phone menu, open, signed out and signed in', async () => {
        for (const page of [visitor, agent]) {
          await page.goto('/pricing');
          await settled(page);
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
          await expectAccessible(page, `the phone menu at ${px} px`);
        }
        await snap(agent, `a11y-phone-menu-${px}`);
      });
    }

    test('the home page staging tool with a photo chosen and the room type list open', async () => {
      const page = visitor;
      await page.goto('/');
      await page
        .locator('#stage input[type=file]')
        .setInputFiles('../shared/fixtures/rooms/empty-bedroom-01.jpg');
      const roomType = page.getByRole('combobox', { name: 'Room Type' });
      await expect(roomType).toBeEnabled({ timeout: 30_000 });
      await expectAccessible(page, `the home staging tool at ${px} px`);
      await roomType.click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expectAccessible(page, `the room type list at ${px} px`);
      await page.keyboard.press('Escape');
    });

    test('every dashboard tab as the agent', async () => {
      const page = agent;
      await page.goto('/dashboard');
      const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
      await expect(tabs.first()).toBeVisible({ timeout: 60_000 });
      const names = await tabs.allInnerTexts();
      expect(names.length).toBeGreaterThanOrEqual(6);
      for (const tabName of names.map((n) => n.trim())) {
        await tabs.filter({ hasText: tabName }).click();
        await expect(tabs.filter({ hasText: tabName })).toHaveAttribute('aria-selected', 'true');
        await settled(page);
        await snap(page, `a11y-dashboard-${tabName.toLowerCase()}-${px}`);
        await expectAccessible(page, `the ${tabName} tab at ${px} px`);
      }
    });

    test('the dashboard dialogs and menus as the agent', async () => {
      const page = agent;
      const dialog = page.locator('[role=dialog], [role=alertdialog]');
      const check = async (what: string, opener: () => Promise<void>) => {
        await opener();
        await expect(dialog).toBeVisible();
        await settled(page);
        await expectAccessible(page, `${what} at ${px} px`);
        await snap(page, `a11y-${what.replaceAll(' ', '-').toLowerCase()}-${px}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      };
      await page.goto('/dashboard?tab=history');
      await settled(page);
      const card = page.getByTestId('transformation-card').first();
      await check('the image viewer', () => card.getByRole('button', { name: /^View / }).click());
      await check('the edit dialog', () =>
        card.getByRole('button', { name: 'Edit title and notes' }).click(),
      );
      await check('the delete dialog', () => card.getByRole('button', { name: 'Delete' }).click());
      await page.goto('/dashboard?tab=billing');
      await settled(page);
      await check('the cancel dialog', () =>
        page.getByRole('button', { name: 'Cancel Subscription' }).click(),
      );
      await check('the plan change dialog', () => page.getByRole('button', { name: 'Keep Premium' }).click());
      await page.goto('/dashboard?tab=settings');
      await settled(page);
      await check('the deactivate dialog', () =>
        page.getByRole('button', { name: 'Deactivate Account' }).click(),
      );
      await page.goto('/dashboard?tab=transform&mode=batch');
      await settled(page);
      await expectAccessible(page, `whole-listing staging at ${px} px`);
    });

    test('the receipt and the test checkout pages as the agent', async () => {
      for (const path of [seed.receiptPath, seed.checkoutPath]) {
        await agent.goto(path);
        await settled(agent);
        await snap(agent, `a11y${path.split('/').slice(0, 3).join('-')}-${px}`);
        await expectAccessible(agent, `${path} at ${px} px`);
      }
    });

    test('every admin section as an admin', async () => {
      const page = admin;
      await page.goto('/admin');
      const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
      await expect(tabs.first()).toBeVisible({ timeout: 60_000 });
      const names = (await tabs.allInnerTexts()).map((n) => n.trim());
      expect(names.length).toBeGreaterThanOrEqual(3);
      // Engine health (decision 0153) sits above the tabs, so every tab's run sees it too; checked on its own first.
      const health = page.getByRole('region', { name: 'Engine health' });
      await expect(health.getByText(/^(Healthy|Unhealthy)$/)).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await expectAccessible(page, `the admin Engine health section at ${px} px`);
      for (const section of names) {
        await tabs.filter({ hasText: section }).click();
        await expect(tabs.filter({ hasText: section })).toHaveAttribute('aria-selected', 'true');
        await settled(page);
        await snap(page, `a11y-admin-${section.replaceAll(' ', '-').toLowerCase()}-${px}`);
        await expectAccessible(page, `the admin ${section} section at ${px} px`);
      }
      await tabs.first().click();
      await settled(page);
      await page
        .getByRole('button', { name: /^Manage / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Manage User' })).toBeVisible();
      await expectAccessible(page, `the Manage User dialog at ${px} px`);
      await page.keyboard.press('Escape');
    });
  });
}
