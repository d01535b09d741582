import {
  expect as baseExpect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { format } from 'date-fns';
import { newAccount, payCheckout, photo, seedAgent, transform, type Photo } from './dashboard-seed.ts';
import { PASSWORD } from './users.ts';
import { goOnKnowingly, snap, toast, VIEWPORTS } from './support.ts';

// One seeded agent shared by the serial tests below; each test opens its own signed-in browser context.
// Generous timeouts: the suite shares a busy machine with other runs, and staging is CPU work.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** Waits for the images near the viewport (lazy ones further down never load in a screenshot anyway). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((i) => i.getBoundingClientRect().top < window.innerHeight * 2)
      .every((i) => i.complete),
  );
  await snap(page, name);
}

let seed: Awaited<ReturnType<typeof seedAgent>>;
type State = Exclude<BrowserContextOptions['storageState'], string | undefined>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  seed = await seedAgent();
});

async function openDashboard(
  browser: Browser,
  query = '',
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  state: State = seed.state,
) {
  const context = await browser.newContext({ storageState: state, viewport });
  const page = await context.newPage();
  await page.goto(`/dashboard${query}`);
  // The first paint waits for the lazy chunk and the session check, slow when the machine is busy.
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible({ timeout: 60_000 });
  return page;
}

const cards = (page: Page) => page.getByTestId('transformation-card');
const cardTitles = (page: Page) => page.getByTestId('card-title').allTextContents();
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const historyCount = (page: Page) => page.getByTestId('history-count');

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a visitor sees Sign In Required with a link to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByText('Sign In Required')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('every tab renders the seeded data (screenshots at 390 and 1280 px)', async ({ browser }) => {
  for (const [size, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['390', VIEWPORTS.mobile],
  ] as const) {
    const page = await openDashboard(browser, '', viewport);
    await expect(page.getByTestId('plan-card')).toContainText('Pro');
    await expect(page.getByTestId('plan-card').getByRole('link', { name: 'Manage Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByTestId('credits-card')).toContainText('10');
    await expect(page.getByTestId('usage-card')).toContainText('/ 50');
    await expect(page.getByTestId('reset-card')).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'View All Transformations (10)' })).toBeVisible();
    await shot(page, `dashboard-overview-${size}`);

    await tab(page, 'Transform').click();
    await expect(page).toHaveURL(/\?tab=transform$/);
    await expect(page.getByText('Drop your room image here')).toBeVisible();
    await shot(page, `dashboard-transform-${size}`);

    await tab(page, 'History').click();
    await expect(historyCount(page)).toHaveText('10 of 10 transformations');
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first().getByRole('img')).toHaveCount(2);
    await shot(page, `dashboard-history-${size}`);

    await tab(page, 'Favorites').click();
    await expect(cards(page)).toHaveCount(2);
    await shot(page, `dashboard-favorites-${size}`);

    await tab(page, 'Billing').click();
    await expect(page.getByTestId('current-plan')).toContainText('Pro');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('payment-row')).toHaveCount(2);
    await expect(page.getByTestId('payment-row').filter({ hasText: 'Pro Plan subscription' })).toContainText(
      '$29.00',
    );
    await expect(page.getByTestId('payment-row').filter({ hasText: '10 credits' })).toContainText('$15.00');
    await shot(page, `dashboard-billing-${size}`);

    await tab(page, 'Settings').click();
    await expect(page.getByLabel('Email')).toHaveValue(seed.email);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await shot(page, `dashboard-settings-${size}`);
    await page.context().close();
  }
});

test('tabs are addressable and the overview links to the full history', async ({ browser }) => {
  const page = await openDashboard(browser, '?tab=billing');
  await expect(tab(page, 'Billing')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'Overview').click();
  await page.getByRole('button', { name: 'View All Transformations (10)' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
  await expect(historyCount(page)).toHaveText('10 of 10 transformations');
});

test('history sorts and filters, and the count follows', async ({ browser }) => {
  const page = await openDashboard(browser, '?tab=history');
  await expect(historyCount(page)).toHaveText('10 of 10 transformations');
  // Newest first by default: the last seeded item leads.
  await expect.poll(async () => (await cardTitles(page))[0]).toBe('Industrial Bedroom');
  await page.getByRole('button', { name: /Descending order/ }).click();
  await expect.poll(async () => (await cardTitles(page))[0]).toBe('Modern Living Room');
  await pick(page, 'Sort by', 'Style');
  await expect
    .poll(async () => (await cardTitles(page)).slice(0, 2))
    .toEqual(['Bohemian Living Room', 'Bohemian Kitchen']);
  await pick(page, 'Sort by', 'Title');
  await page.getByRole('button', { name: /Ascending order/ }).click();
  await expect.poll(async () => (await cardTitles(page))[0]).toBe('Traditional Bedroom');

  await pick(page, 'Style', 'Modern');
  await expect(historyCount(page)).toHaveText('2 of 10 transformations');
  await pick(page, 'Room', 'Dining Room');
  await expect(historyCount(page)).toHaveText('1 of 10 transformations');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await pick(page, 'Room', 'Bedroom');
  await expect(historyCount(page)).toHaveText('3 of 10 transformations');
  // Only the rooms that exist are offered.
  await page.getByRole('combobox', { name: 'Room', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([
    'All Rooms',
    'Living Room',
    'Bedroom',
    'Kitchen',
    'Dining Room',
    'Office',
  ]);
});

test('favourite toggles both ways and the Favorites tab follows', async ({ browser }) => {
  const page = await openDashboard(browser, '?tab=history');
  const office = cards(page).filter({ hasText: 'Minimalist Office' });
  await office.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(toast(page, 'Added to Favorites')).toBeVisible();
  await tab(page, 'Favorites').click();
  await expect(cards(page)).toHaveCount(3);
  await cards(page)
    .filter({ hasText: 'Minimalist Office' })
    .getByRole('button', { name: 'Remove from favorites' })
    .click();
  await expect(toast(page, 'Removed from Favorites')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await tab(page, 'History').click();
  await expect(office.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
});

test('edit saves trimmed values and the viewer shows them', async ({ browser }) => {
  const page = await openDashboard(browser);
  const first = cards(page).first();
  await first.getByRole('button', { name: 'Edit title and notes' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('   Sunny corner bedroom  ');
  await page.getByRole('dialog').getByLabel('Notes', { exact: true }).fill('  12 Elm St, listing photos  ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Transformation Updated')).toBeVisible();
  await expect(first.getByTestId('card-title')).toHaveText('Sunny corner bedroom');
  const saved = (
    (await (await seed.api.get('/api/transformations')).json()) as { userTitle: string; userNotes: string }[]
  )[0]!;
  expect([saved.userTitle, saved.userNotes]).toEqual(['Sunny corner bedroom', '12 Elm St, listing photos']);

  await first.getByRole('button', { name: 'View Sunny corner bedroom' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText('12 Elm St, listing photos')).toBeVisible();
  await expect(viewer.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4} • \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  // The agent's title names the file (docs/decisions/0072).
  expect((await download).suggestedFilename()).toMatch(/^sunny-corner-bedroom-\d{4}-\d{2}-\d{2}\.jpg$/);
});

test('the transform tab words regenerations for 0, 1, 2 and 3 earlier transformations', async ({
  browser,
}) => {
  const page = await openDashboard(browser, '?tab=transform');
  const input = page.locator('input[type="file"]:not([multiple])');
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const notice = page.getByTestId('regeneration-notice');
  // Each photo waits for its three checks (identify, earlier transformations, open floor), so a late
  // answer cannot change the form after an assertion; goOnKnowingly then ticks "Stage it anyway" where
  // the check finds no open floor (at 400 px it often does) until the button names the run.
  const choose = async (p: Photo) => {
    const checked = page.waitForResponse('**/api/check-existing-transformations');
    const identified = page.waitForResponse('**/api/identify-room');
    const floorChecked = page.waitForResponse('**/api/placement-check');
    await input.setInputFiles(p);
    await Promise.all([checked, identified, floorChecked]);
  };
  // A photo whose room type the check does not name keeps the previous photo's choice (a kitchen here),
  // so the bedroom is chosen as an agent would; the open-floor check then asks about a bed.
  const bedroom = async () => {
    const roomType = page.getByRole('combobox', { name: 'Room Type' });
    if ((await roomType.textContent())?.trim() === 'Bedroom') return;
    const floorChecked = page.waitForResponse('**/api/placement-check');
    await roomType.click();
    await page.getByRole('option', { name: 'Bedroom', exact: true }).click();
    await floorChecked;
  };

  await choose(await photo('empty-kitchen-02.jpg'));
  await goOnKnowingly(page, 'Transform Room');
  await expect(button('Transform Room')).toBeEnabled();
  await expect(notice).toHaveCount(0);

  await choose(await photo('empty-kitchen-01.jpg'));
  await goOnKnowingly(page, 'Regenerate for FREE (2 left)');
  await expect(notice).toHaveText(
    'This image has been transformed 1 time before. You have 2 free regenerations left.',
  );

  await choose(await photo('empty-bedroom-01.jpg'));
  await bedroom();
  await goOnKnowingly(page, 'Regenerate for FREE (1 left)');
  await expect(notice).toHaveText(
    'This image has been transformed 2 times before. This is your final free regeneration.',
  );

  // This room leaves no open floor for the engine's sofa (decision 0110): the button says so until the
  // agent goes on knowingly, and then names the cost of the run.
  await choose(await photo('empty-living-01.jpg'));
  await goOnKnowingly(page, 'Regenerate (1 credit)');
  await expect(notice).toHaveText(
    'This image has been transformed 3 times before. Further regenerations cost 1 credit each.',
  );
  await expect(page.getByTestId('previous-transformations').getByText('Scandinavian')).toBeVisible();

  // A real run: the result, its stats and the refreshed history, on a room where the engine stands
  // furniture (a run that places nothing is refunded and is not a result, decision 0110).
  await choose(await photo('empty-bedroom-01.jpg'));
  await bedroom();
  await goOnKnowingly(page, 'Regenerate for FREE (1 left)');
  await button('Regenerate for FREE (1 left)').click();
  await expect(page.getByRole('heading', { name: 'Your Transformed Room' })).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, 'Room Regenerated!')).toBeVisible();
  for (const stat of ['Processing Time', 'Style', 'AI Confidence'])
    await expect(page.getByText(stat, { exact: true })).toBeVisible();
  await expect(notice).toContainText('3 times before');
  await shot(page, 'dashboard-transform-result-1280');
  await tab(page, 'History').click();
  await expect(historyCount(page)).toHaveText('11 of 11 transformations');
});

test('delete removes the item and its images', async ({ browser }) => {
  const page = await openDashboard(browser, '?tab=history');
  const first = cards(page).first();
  const id = (await first.getAttribute('data-id'))!;
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.jpg$/);
  await expect(toast(page, 'Download Started')).toBeVisible();
  await first.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Are you sure you want to delete this transformation? This action cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Transformation Deleted')).toBeVisible();
  await expect(historyCount(page)).toHaveText('10 of 10 transformations');
  await expect(page.locator(`[data-id="${id}"]`)).toHaveCount(0);
  for (const kind of ['original', 'transformed', 'thumbnail']) {
    expect((await seed.api.get(`/api/transformations/${id}/images/${kind}`)).status()).toBe(404);
  }
});

/** The period end the API reports, as the Billing tab writes it ('MMM dd, yyyy', this machine's zone). */
async function periodEnd(api: typeof seed.api) {
  const usage = (await (await api.get('/api/usage')).json()) as { subscriptionPeriodEnd: string | null };
  expect(usage.subscriptionPeriodEnd).not.toBeNull();
  return format(new Date(usage.subscriptionPeriodEnd!), 'MMM dd, yyyy');
}

test('cancel subscription shows when the plan ends', async ({ browser }) => {
  const page = await openDashboard(browser, '?tab=billing');
  await expect(page.getByTestId('plan-price')).toHaveText('$29.00 per month · 50 transformations per month');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(toast(page, 'Subscription Canceled')).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('Cancels at period end');
  await expect(page.getByTestId('cancel-notice')).toContainText(`active until ${await periodEnd(seed.api)}.`);
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await shot(page, 'dashboard-billing-canceled-1280');
});

test('a yearly plan shows its yearly price; cancelling names the end of the paid year, not the next usage reset', async ({
  browser,
}) => {
  const { api } = await newAccount('yearly');
  await payCheckout(api, '/api/create-subscription', { planId: 'pro', billingCycle: 'yearly' });
  const desktop = await openDashboard(browser, '?tab=billing', VIEWPORTS.desktop, await api.storageState());
  await expect(desktop.getByTestId('plan-price')).toHaveText(
    '$290.00 per year · 50 transformations per month',
  );
  await shot(desktop, 'dashboard-billing-yearly-1280');
  await desktop.context().close();
  const page = await openDashboard(browser, '?tab=billing', VIEWPORTS.mobile, await api.storageState());
  await expect(page.getByTestId('plan-price')).toHaveText('$290.00 per year · 50 transformations per month');
  await shot(page, 'dashboard-billing-yearly-390');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByTestId('plan-status')).toHaveText('Cancels at period end');
  const end = await periodEnd(api);
  // About a year ahead (the usage reset is a month ahead).
  expect(Date.parse(end) - Date.now()).toBeGreaterThan(300 * 86_400_000);
  await expect(page.getByTestId('cancel-notice')).toContainText(`active until ${end}.`);
  await shot(page, 'dashboard-billing-canceled-390');
});

test('a free user at the limit with 0 credits sees No Credits Available; profile and deactivation', async ({
  browser,
}) => {
  const { api } = await newAccount('free');
  for (const f of ['empty-living-03.jpg', 'empty-office-02.jpg', 'empty-dining-02.jpg']) {
    await transform(api, await photo(f), 'modern', 'living-room');
  }
  const page = await openDashboard(browser, '?tab=transform', VIEWPORTS.mobile, await api.storageState());
  await expect(page.getByRole('heading', { name: 'No Credits Available' })).toBeVisible();
  await shot(page, 'dashboard-no-credits-390');
  await page.locator('input[type="file"]:not([multiple])').setInputFiles(await photo('empty-kitchen-02.jpg'));
  await expect(page.getByRole('button', { name: /Transform Room|Regenerate/ })).toHaveCount(0);

  await tab(page, 'Overview').click();
  await expect(page.getByTestId('usage-card')).toContainText('3 / 3');
  await expect(page.getByTestId('plan-card').getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();

  await tab(page, 'Settings').click();
  await page.getByLabel('First Name').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name must be less than 50 characters')).toBeVisible();
  await page.getByLabel('First Name').fill('  Morgan ');
  await page.getByLabel('Last Name').fill('Realtor');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan' })).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate Account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password', { exact: true }).fill('WrongPassword1');
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  // The open modal hides the toast region from the accessibility tree, so the field's message is checked.
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  expect((await api.get('/api/usage')).status()).toBe(401);
});
