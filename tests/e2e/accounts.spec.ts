import { expect, test } from '@playwright/test';
import { waitForMail } from './mail.ts';
import { PASSWORD, registerAndVerify, signIn } from './users.ts';
import { snap, toast, VIEWPORTS } from './support.ts';

test('register, verify from the e-mail, sign in and land on the dashboard', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const email = `dana.${Date.now()}@agency.test`;
  await registerAndVerify(page, email);
  await snap(page, 'verify-email-success-1280');
  await page.getByRole('link', { name: 'Sign In Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Signed in: the account pages send the visitor to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the spec toast', async ({ page }) => {
  const email = `wrong.${Date.now()}@agency.test`;
  await registerAndVerify(page, email);
  await signIn(page, email, 'Not-the-password1');
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified account is told to verify its e-mail', async ({ page }) => {
  const email = `unverified.${Date.now()}@agency.test`;
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Uma');
  await page.getByLabel('Last Name').fill('Nverified');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(toast(page, 'Email not verified')).toBeVisible();
});

test('forgot password: the reset link sets a new password; the old one stops working', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  const email = `reset.${Date.now()}@agency.test`;
  await registerAndVerify(page, email);
  await page.goto('/forgot-password');
  await page.getByLabel('Business Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Reset link sent!')).toBeVisible();
  await expect(page.getByText('The reset link expires in 1 hour.')).toBeVisible();
  await snap(page, 'forgot-password-sent-390');
  const { links } = await waitForMail(email, 'Reset your Roomstage password');
  const reset = links.find((l) => l.includes('/reset-password/'));
  expect(reset).toBeTruthy();
  await page.goto(new URL(reset!).pathname);
  const NEW = 'Brand-New-Pass9';
  await page.getByLabel('New Password', { exact: true }).fill(NEW);
  await page.getByLabel('Confirm New Password').fill(NEW);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  // The link is single-use.
  await page.goto(new URL(reset!).pathname);
  await expect(page.getByRole('heading', { name: 'Reset Link Expired' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(toast(page, 'Login failed')).toBeVisible();
  await signIn(page, email, NEW);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('client validation messages on the register form', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('A');
  await page.getByLabel('Business Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('lowercase1');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid business email address')).toBeVisible();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await snap(page, 'register-validation-1280');
});

test('reset and verify pages without a token', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Invalid Verification Link' })).toBeVisible();
  await expect(page.getByText('No verification token provided')).toBeVisible();
  await page.goto('/verify-email?token=bogus');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await page.goto('/reset-password/bogus');
  await expect(page.getByRole('heading', { name: 'Reset Link Expired' })).toBeVisible();
});

test('a common password is refused at the field; Sign Out is a button that ends the session', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Cody');
  await page.getByLabel('Last Name').fill('Mmon');
  await page.getByLabel('Business Email').fill(`common.${Date.now()}@agency.test`);
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await page.getByLabel('Confirm Password').fill('Password1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Registration failed')).toBeVisible();
  await expect(
    page.getByText('This password is too common or too easy to guess.', { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'register-common-password-390');

  const email = `signout.${Date.now()}@agency.test`;
  await registerAndVerify(page, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A link or an image cannot sign anyone out.
  expect((await page.request.get('/api/logout')).status()).toBe(405);
  await page.goto('/dashboard?tab=settings');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
