import { expect, test } from '@playwright/test';
import { snap, VIEWPORTS } from './support.ts';

test('home renders with the header and footer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  const header = page.locator('header');
  await expect(header.getByText('Roomstage', { exact: true })).toBeVisible();
  await expect(header.getByText('Virtual Staging', { exact: true })).toBeVisible();
  for (const link of ['Features', 'Examples', 'Pricing', 'Help']) {
    await expect(header.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  const footer = page.locator('footer');
  for (const link of ['Help Center', 'Contact Us', 'Privacy Policy', 'Terms of Service']) {
    await expect(footer.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(footer).toContainText('© 2025');
  await snap(page, 'shell-home-1280');
});

test('an unknown route shows the 404 screen, with a 404 status and compressed', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  expect(await res?.headerValue('content-encoding')).toBe('br');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  expect(await page.title()).toContain('404');
  // Speaks to an agent: what happened and the two ways on, no developer's question.
  const main = page.getByRole('main');
  await expect(main).toContainText('There is no page at this address.');
  await expect(main).not.toContainText('router');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await snap(page, 'shell-404-1280');
});

test('the mobile menu opens at 390 px', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await snap(page, 'shell-menu-390');
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(nav).toHaveCount(0);
});

test('the API answers JSON health through the built server', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
});
