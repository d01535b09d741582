import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './mail.ts';
import fs from 'node:fs';
import path from 'node:path';
import { snap, toast, VIEWPORTS } from './support.ts';
import { signedInThroughApi } from './users.ts';

/** What is on screen (a dialog or a notice), not the whole page. */
async function snapView(page: Page, name: string) {
  const dir = path.join('test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

// Issue 18 items 1-3: plan changes confirmed with money and dates, resume, purchase confirmations and
// receipts, at 1280 and 390 px, on the embedded test checkout.

const signedInUser = (page: Page, name: string) => signedInThroughApi(page, name, ['Pat', 'Planner']);

/** Subscribes through the real pages: pricing -> test checkout -> Pay. */
async function subscribe(page: Page, planName: string, price: string) {
  await page.goto('/pricing');
  await page.getByRole('button', { name: `Subscribe to ${planName}` }).click();
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=billing/);
}

// Each journey makes several purchases through the pages; on a loaded machine that outlasts 60 s.
test.describe.configure({ timeout: 180_000 });

const usage = async (page: Page) =>
  (await (await page.request.get('/api/usage')).json()) as Record<string, unknown>;
const dialog = (page: Page) => page.getByTestId('plan-change-dialog');

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  const px = viewport.width;

  test(`upgrade now with the prorated charge, then a downgrade at the period end (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = await signedInUser(page, `upgrade${px}`);
    await subscribe(page, 'Pro', '$29.00');
    await page.goto('/pricing');
    await page.locator('[data-plan="premium"]').getByRole('button', { name: 'Subscribe to Premium' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Upgrade to Premium now?' })).toBeVisible();
    await expect(dialog(page)).toContainText(
      /You pay \$\d+\.\d\d today: the difference to Pro for the rest of this billing period \(until [A-Z][a-z]{2} \d\d, \d{4}\)\./,
    );
    await expect(dialog(page)).toContainText('$79.00 per month');
    await snapView(page, `plan-upgrade-dialog-${px}`);
    await dialog(page)
      .getByRole('button', { name: /^Upgrade and pay \$/ })
      .click();
    await expect(toast(page, 'Success!')).toBeVisible();
    expect(await usage(page)).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'active' });
    await waitForMail(email, 'Your Roomstage receipt');

    // Receipt page from payment history.
    await page.goto('/dashboard?tab=billing');
    const row = page.getByTestId('payment-row').first();
    await expect(row).toContainText('Premium Plan subscription');
    await row.getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByTestId('receipt-description')).toContainText('Upgrade from Pro to Premium');
    await snap(page, `receipt-page-${px}`);

    // Back down to Pro: nothing now, Pro from the period end, and it can be undone.
    await page.goto('/pricing');
    await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Subscribe to Pro' }).click();
    await expect(dialog(page).getByRole('heading', { name: /^Switch to Pro on / })).toBeVisible();
    await expect(dialog(page)).toContainText('nothing is charged or refunded now');
    await snapView(page, `plan-downgrade-dialog-${px}`);
    await dialog(page)
      .getByRole('button', { name: /^Switch on / })
      .click();
    await expect(toast(page, 'Success!')).toBeVisible();
    await expect(page.getByTestId('subscription-notice')).toContainText(
      'Your Premium plan changes to Pro on',
    );
    expect(await usage(page)).toMatchObject({ subscriptionPlan: 'premium', subscriptionPendingPlan: 'pro' });
    await page.getByTestId('subscription-notice').scrollIntoViewIfNeeded();
    await snapView(page, `pricing-downgrade-scheduled-${px}`);
    await page.getByRole('button', { name: 'Keep Premium' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Keep your Premium plan?' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Keep Premium' }).click();
    await expect(page.getByTestId('subscription-notice')).toHaveCount(0);
    expect(await usage(page)).toMatchObject({ subscriptionPlan: 'premium', subscriptionPendingPlan: null });
  });

  test(`a cancelled plan is not lost by "Get Started Free", shows its end date and resumes (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInUser(page, `resume${px}`);
    await subscribe(page, 'Pro', '$29.00');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page.getByTestId('plan-status')).toHaveText('Cancels at period end');
    await expect(page.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();

    await page.goto('/pricing');
    await expect(page.getByTestId('subscription-notice')).toContainText(
      /Your Pro plan is canceled and ends on [A-Z][a-z]{2} \d\d, \d{4}/,
    );
    await page.locator('[data-plan="free"]').getByRole('button', { name: 'Get Started Free' }).click();
    await expect(dialog(page)).toContainText(
      'Your subscription already ends at the close of the current billing period.',
    );
    await snapView(page, `pricing-free-on-cancelled-${px}`);
    await dialog(page).getByRole('button', { name: 'Close' }).first().click();
    expect(await usage(page)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
      limit: 50,
    });

    await page.getByRole('button', { name: 'Resume Pro' }).click();
    await expect(dialog(page)).toContainText(/Your Pro plan will renew on .+ at \$29\.00 per month\./);
    await dialog(page).getByRole('button', { name: 'Keep Pro' }).click();
    await expect(toast(page, 'Success!')).toBeVisible();
    await expect(page.getByTestId('subscription-notice')).toHaveCount(0);
    expect(await usage(page)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
  });

  test(`buying credits confirms the new balance and e-mails a receipt; a cancelled checkout says so (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = await signedInUser(page, `credits${px}`);
    await page.goto('/pricing#credits');
    await page.locator('[data-package="starter"]').getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    const notice = page.getByTestId('purchase-notice');
    await expect(notice).toContainText('Payment received');
    await expect(notice).toContainText('Starter Pack: 10 credits added. Your balance is now 10 credits.');
    await notice.scrollIntoViewIfNeeded();
    await snapView(page, `credits-confirmed-${px}`);
    const { raw } = await waitForMail(email, 'Your Roomstage receipt');
    expect(raw).toContain('What you bought: Starter Pack: 10 credits');

    await page.locator('[data-package="popular"]').getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/pricing\?purchase=canceled#credits$/);
    await expect(page.getByTestId('purchase-notice')).toContainText('Checkout canceled');
    await expect(page.getByTestId('purchase-notice')).toContainText('nothing was charged');
    await snapView(page, `credits-canceled-${px}`);
    expect(await usage(page)).toMatchObject({ credits: 10 });
  });
}
