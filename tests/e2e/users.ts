import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mail.ts';
import { toast } from './support.ts';

export const PASSWORD = 'Staging2025ok';
export const CSRF = { 'X-Requested-With': 'roomstage' };

/** Registers through the pages and follows the verification link from the mail outbox. */
export async function registerAndVerify(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Agent');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const verify = links.find((l) => l.includes('/verify-email?token='));
  expect(verify).toBeTruthy();
  await page.goto(new URL(verify!).pathname + new URL(verify!).search);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A fresh verified account, signed in, on the dashboard. */
export async function signedInUser(page: Page, prefix = 'agent'): Promise<string> {
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@agency.test`;
  await registerAndVerify(page, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  return email;
}

/**
 * A fresh verified account, registered, verified and signed in through the API (quicker than the pages
 * when they are not what a test is about); the browser context shares the session cookie.
 */
export async function signedInThroughApi(page: Page, prefix: string, name: [string, string]) {
  const email = `${prefix}.${Date.now()}@agency.test`;
  const [firstName, lastName] = name;
  const reg = await page.request.post('/api/register', {
    headers: CSRF,
    data: { firstName, lastName, email, password: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const token = new URL(links.find((l) => l.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect((await page.request.get(`/api/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  expect(
    (await page.request.post('/api/login', { headers: CSRF, data: { email, password: PASSWORD } })).ok(),
  ).toBe(true);
  return email;
}
