import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, type Page } from '@playwright/test';
import { waitForMail } from './mail.ts';
import { PASSWORD } from './users.ts';

// What the accessibility run (a11y.spec.ts) needs apart from the tests: the axe check itself, the route
// table it must cover, and the seeding of an agent and an admin through the real API.

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the issue asks for (axe has no separate wcag22a). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now (open dialogs and menus included); fails on any violation. */
export async function expectAccessible(page: Page, where: string) {
  // Nothing mid-animation: a dialog fading in has text at partial opacity, which axe reads as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n')[1]?.trim()}]` : ''}`,
        )
        .join(' | ')}`,
  );
  expect(found, `axe on ${where}`).toEqual([]);
}

/** Every page path in the client's route table (client/app/routes.tsx), read from its source. */
export function routeTablePaths(): string[] {
  const source = fs.readFileSync('client/app/routes.tsx', 'utf8');
  return [...source.matchAll(/\{\s*path:\s*'([^']+)'/g)].map((m) => m[1]!);
}

const CSRF = { 'X-Requested-With': 'roomstage' };
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000';

/**
 * Registers `email`, follows the verification mail and signs in; answers the signed-in API context. An
 * address registered by an earlier worker of the same run is signed in again.
 */
export async function verifiedAccount(email: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: CSRF });
  const signIn = () => api.post('/api/login', { data: { email, password: PASSWORD } });
  if ((await signIn()).ok()) return api;
  const reg = await api.post('/api/register', {
    data: { firstName: 'Alex', lastName: 'Access', email, password: PASSWORD },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { links } = await waitForMail(email, 'Verify your Roomstage email address');
  const token = new URL(links.find((l) => l.includes('/verify-email?token='))!).searchParams.get('token')!;
  expect((await api.get(`/api/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  expect((await signIn()).ok()).toBe(true);
  return api;
}
