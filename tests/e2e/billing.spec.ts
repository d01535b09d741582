import { expect, test, type Page } from '@playwright/test';
import { snap, toast, VIEWPORTS } from './support.ts';
import { signedInThroughApi } from './users.ts';

const signedInUser = (page: Page, name: string) => signedInThroughApi(page, name, ['Bea', 'Buyer']);

const credits = async (page: Page) =>
  ((await (await page.request.get('/api/usage')).json()) as { credits: number }).credits;
const planCard = (page: Page, id: string) => page.locator(`[data-plan="${id}"]`);

test('a signed-in user buys the popular pack through the test checkout and the balance rises', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signedInUser(page, 'credits');
  expect(await credits(page)).toBe(0);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(planCard(page, 'free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  const popular = page.locator('[data-package="popular"]');
  await expect(popular.getByText('Most Popular')).toBeVisible();
  await expect(page.locator('[data-package="premium"]').getByText('Best Value')).toBeVisible();
  await expect(popular.getByText('$1.18 per credit')).toBeVisible();
  await snap(page, 'pricing-signed-in-1280');

  await popular.getByRole('button', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await expect(page.getByText('Popular Pack')).toBeVisible();
  await expect(page.getByText('50 credits, never expire')).toBeVisible();
  await snap(page, 'test-checkout-credits-1280');
  const checkoutUrl = page.url();
  await page.getByRole('button', { name: 'Pay $59.00' }).click();
  await expect(page).toHaveURL(/\/pricing\?purchase=success&session=[0-9a-f-]{36}#credits$/);
  await expect(page.getByTestId('purchase-notice')).toContainText('Your balance is now 50 credits.');
  expect(await credits(page)).toBe(50);
  // Back on a paid session, Pay is gone and nothing more is granted.
  await page.goto(checkoutUrl);
  await expect(page.getByText('This checkout is already paid.')).toBeVisible();
  expect(await credits(page)).toBe(50);
  // TODO(dashboard issue): enable once the dashboard shows the credits card.
  // await page.goto('/dashboard');
  // await expect(page.getByText('50', { exact: true })).toBeVisible();
});

test('subscribing to Pro yearly makes Pro the Current Plan; choosing Free is confirmed and keeps Pro to the period end', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await signedInUser(page, 'yearly');
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.getByText('Save up to 17%')).toBeVisible();
  await expect(planCard(page, 'pro').getByText('$290.00')).toBeVisible();
  await expect(planCard(page, 'pro').getByText('Save 17%')).toBeVisible();
  await expect(planCard(page, 'premium').getByText('Unlimited transformations').first()).toBeVisible();
  await snap(page, 'pricing-yearly-390');

  await planCard(page, 'pro').getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await expect(page.getByText('Yearly billing')).toBeVisible();
  await snap(page, 'test-checkout-plan-390');
  await page.getByRole('button', { name: 'Pay $290.00' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=billing&purchase=success&session=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('purchase-notice')).toContainText('Payment received');

  await page.goto('/pricing');
  await expect(planCard(page, 'pro').getByText('Current Plan', { exact: true }).first()).toBeVisible();
  await expect(planCard(page, 'pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await planCard(page, 'free').getByRole('button', { name: 'Get Started Free' }).click();
  const dialog = page.getByTestId('plan-change-dialog');
  await expect(dialog.getByRole('heading', { name: 'Move to the Free plan?' })).toBeVisible();
  await expect(dialog).toContainText('Your Pro plan stays active until');
  await dialog.getByRole('button', { name: /^Move to Free on / }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  // Still Pro until the year is over; the page says when it ends and offers to resume.
  await expect(planCard(page, 'pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByTestId('subscription-notice')).toContainText(
    'Your Pro plan is canceled and ends on',
  );
  await expect(page.getByRole('button', { name: 'Resume Pro' })).toBeVisible();
});

test('a visitor choosing a plan or a pack is sent to /login', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/pricing');
  await expect(planCard(page, 'pro').getByRole('button', { name: 'Subscribe to Pro' })).toBeVisible();
  await snap(page, 'pricing-visitor-390');
  await planCard(page, 'pro').getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/pricing#credits');
  await page.locator('[data-package="starter"]').getByRole('button', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
