// Admin console. Seeding: users register through the API and verify through the
// mail outbox; admin@e2e.test is an admin because scripts/e2e.mjs starts the server with
// ADMIN_EMAILS=admin@e2e.test. A failed transformation cannot be produced on demand (the local engine
// succeeds), so the user runs a real one and the admin first sets it to failed through the API; the
// Fix dialog then turns it back to completed in the UI.
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForMail } from './mail.ts';
import { snap, toast, VIEWPORTS } from './support.ts';

const PASSWORD = 'Staging2025ok';
const ADMIN = 'admin@e2e.test';
const USER = `agent.${Date.now()}@agency.test`;
const CSRF = { 'X-Requested-With': 'roomstage' };
const FIXTURE = path.resolve(process.cwd(), '../shared/fixtures/rooms/empty-living-01.jpg');

async function registerVerified(request: APIRequestContext, email: string, firstName: string) {
  const reg = await request.post('/api/register', {
    headers: CSRF,
    data: { firstName, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const token = new URL(links.find((l) => l.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect(
    (await request.get(`/api/verify-email?token=${encodeURIComponent(token)}`, { headers: CSRF })).ok(),
  ).toBe(true);
}

/** Signs in through the API; the cookie lands in whatever context `request` belongs to (a page's, or its own). */
async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { headers: CSRF, data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

/** While a modal dialog is open Radix marks the rest of the page aria-hidden, the toast region included. */
const toastOverDialog = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText(text, { exact: true });

const usersRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await registerVerified(request, ADMIN, 'Ada');
  await registerVerified(request, USER, 'Uma');
});

test('an admin grants 5 credits; the user balance and the audit log show it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Failed Jobs')).toBeVisible();
  await expect(page.getByText(/Need attention|None right now/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveAttribute(
    'href',
    '/admin',
  );
  const row = usersRow(page, USER);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await snap(page, 'admin-users-1280');

  await row.getByRole('button', { name: `Manage ${USER}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage User' });
  const field = dialog.getByLabel('Grant Credits');
  const grant = dialog.getByRole('button', { name: 'Grant' });
  for (const bad of ['0', '-2']) {
    await field.fill(bad);
    await expect(grant).toBeDisabled();
  }
  await field.fill('5');
  await grant.click();
  await expect(toastOverDialog(page, 'Credits granted successfully')).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(dialog.getByText(/Current balance:\s*5\s*credits/)).toBeVisible();
  await snap(page, 'admin-manage-user-1280');
  // Not Escape: the open toast is the top dismissable layer and would take it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();

  // The user's own view of the balance.
  const userApi = await playwright.request.newContext({ baseURL });
  await signIn(userApi, USER);
  const usage = (await (await userApi.get('/api/usage')).json()) as { credits: number };
  expect(usage.credits).toBe(5);
  await userApi.dispose();

  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('row').filter({ hasText: 'user.credits_granted' });
  await expect(audit).toHaveCount(1);
  await expect(audit.getByText(/"amount": 5/)).toBeVisible();
  await snap(page, 'admin-audit-1280');
});

test('Fix turns a failed transformation into a completed one', async ({ page, playwright, baseURL }) => {
  const userApi = await playwright.request.newContext({ baseURL });
  await signIn(userApi, USER);
  const image = await sharp(FIXTURE).resize({ width: 480 }).jpeg({ quality: 85 }).toBuffer();
  const staged = await userApi.post('/api/transform-room', {
    headers: CSRF,
    multipart: {
      image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: image },
      style: 'modern',
      roomType: 'living-room',
    },
    timeout: 60_000,
  });
  expect(staged.status()).toBe(200);
  const { id } = (await staged.json()) as { id: string };
  await userApi.dispose();

  await signIn(page.request, ADMIN);
  const failed = await page.request.post(`/api/admin/transformations/${id}/status`, {
    headers: CSRF,
    data: { status: 'failed', errorMessage: 'Engine timed out (E2E seed)' },
  });
  expect(failed.status()).toBe(200);

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/admin');
  await expect(page.getByText('Need attention')).toBeVisible();
  // Item 17 on a phone: the admin's way back to /admin is in the phone menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Admin' }),
  ).toHaveAttribute('href', '/admin');
  await page.keyboard.press('Escape');
  await snap(page, 'admin-users-390');
  await page.getByRole('tab', { name: 'Transformations' }).click();
  const row = page.getByRole('row').filter({ hasText: id.slice(0, 8) });
  await expect(row.getByText('failed', { exact: true })).toBeVisible();
  // The job list names the agent, not an id.
  await expect(row.getByText(USER)).toBeVisible();
  await row.getByRole('button', { name: `Fix ${id.slice(0, 8)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await expect(dialog.getByText('Engine timed out (E2E seed)')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'New Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await snap(page, 'admin-fix-390');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(toast(page, 'Transformation status updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('completed', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Fix/ })).toHaveCount(0);
  await snap(page, 'admin-transformations-390');
  // The audit log names who did it and to whom.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('row').filter({ hasText: 'transformation.status_changed' });
  await expect(audit.first().getByText(ADMIN)).toBeVisible();
  await expect(audit.first().getByText(USER)).toBeVisible();
  await snap(page, 'admin-audit-390');
});

test('a normal user visiting /admin gets Access Denied and lands on the dashboard', async ({ page }) => {
  await signIn(page.request, USER);
  await page.goto('/admin');
  await expect(toast(page, 'Access Denied')).toBeVisible();
  await expect(toast(page, 'You need admin privileges to access this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the Engine health section names the engine, its state and the last-hour figures at 390 and 1280 px', async ({
  page,
}) => {
  await signIn(page.request, ADMIN);
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    const section = page.getByRole('region', { name: 'Engine health' });
    await expect(section).toBeVisible({ timeout: 30_000 });
    // scripts/e2e.mjs runs the local engine: no provider model, never refused.
    await expect(section.getByText('Healthy', { exact: true })).toBeVisible();
    await expect(section.getByRole('definition').filter({ hasText: /^local$/ })).toBeVisible();
    await expect(section.getByText('None (no provider model)')).toBeVisible();
    // The Fix test staged a photo, so the last hour has at least one good run with a latency.
    await expect(section.getByText(/^Last success$/)).toBeVisible();
    await expect(section.getByText(/\d+ of \d+ runs?/)).toBeVisible();
    await expect(section.getByText(/\d+ (ms|s) \/ \d+/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await snap(page, `admin-engine-health-${viewport.width}`);
  }
});
