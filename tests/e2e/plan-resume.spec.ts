import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y-kit.ts';
import { toast, VIEWPORTS } from './support.ts';
import { CSRF, signedInThroughApi } from './users.ts';

// Issue 34 / decision 0160: resuming a cancelled plan that has a downgrade scheduled says so and asks
// which the agent wants; Resume Plan stays disabled until one is chosen. Keep at one width, drop at the other.

test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByTestId('plan-change-dialog');
const usage = async (page: Page) =>
  (await (await page.request.get('/api/usage')).json()) as Record<string, unknown>;

async function snapView(page: Page, name: string) {
  const dir = path.join('test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const cases = [
  ['desktop', 'keep', 'Resume and keep the change to Pro', 'pro'],
  ['mobile', 'drop', 'Resume Premium and drop the change to Pro', null],
] as const;

for (const [size, choice, label, pending] of cases) {
  const viewport = VIEWPORTS[size];
  test(`resuming a cancelled Premium with Pro scheduled asks to ${choice} it (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInThroughApi(page, `resume-${choice}`, ['Rae', 'Resumer']);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await page.getByRole('button', { name: 'Pay $79.00' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=billing/, { timeout: 15_000 });
    // The downgrade and the cancellation themselves are covered by plan-changes.spec.ts.
    expect(
      (await page.request.post('/api/plan-change', { headers: CSRF, data: { planId: 'pro' } })).status(),
    ).toBe(200);
    expect((await page.request.post('/api/cancel-subscription', { headers: CSRF })).status()).toBe(200);

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Resume Premium' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Resume your Premium plan?' })).toBeVisible();
    await expect(dialog(page)).toContainText('You also have a change to Pro scheduled for');
    const resume = dialog(page).getByRole('button', { name: 'Resume Plan' });
    await expect(resume).toBeDisabled();
    await snapView(page, `plan-resume-choice-${viewport.width}`);
    await expectAccessible(page, `the resume dialog with a scheduled change (${viewport.width} px)`);
    // By keyboard: focus the option, Space picks it.
    await dialog(page).getByRole('radio', { name: label }).focus();
    await page.keyboard.press('Space');
    await expect(dialog(page).getByRole('radio', { name: label })).toBeChecked();
    await expect(resume).toBeEnabled();
    await snapView(page, `plan-resume-chosen-${choice}-${viewport.width}`);
    await resume.click();
    await expect(toast(page, 'Success!')).toBeVisible({ timeout: 15_000 });
    expect(await usage(page)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      subscriptionPendingPlan: pending,
    });
  });
}
