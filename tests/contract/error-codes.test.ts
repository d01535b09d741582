// Every route's errors carry a listed code: each API route is called the ways that fail (signed out, then
// signed in with an empty body and made-up ids, then as a user on admin routes) and every error answer
// is checked against errorBodySchema by the test app (tests/helpers/error-contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/constants/error-codes.ts';
import { errorBodySchema } from '#shared/schemas/common.ts';
import { createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { assertErrorContract, ErrorContractBroken } from '#tests/helpers/error-contract.ts';

let t: TestContext;
let cookie = '';
beforeAll(async () => {
  t = await createTestContext();
  cookie = await signIn(t, await createVerifiedAccount(t, 'contract-codes@example.com'));
});
afterAll(() => t.close());

const SKIP_METHODS = new Set(['ALL', 'OPTIONS', 'HEAD']);
const concrete = (path: string) =>
  path.replace(/:([A-Za-z]+)\{[^}]*\}|:([A-Za-z]+)/g, '00000000-0000-4000-8000-000000000000');

function apiRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && !SKIP_METHODS.has(r.method) && !r.path.includes('*'))
    .map((r) => ({ method: r.method, path: concrete(r.path) }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

async function call(method: string, path: string, withCookie: boolean) {
  const headers: Record<string, string> = { 'X-Requested-With': 'roomstage' };
  if (withCookie) headers.Cookie = cookie;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['Content-Type'] = 'application/json';
  return t.app.request(path, { method, headers, body: hasBody ? '{}' : undefined });
}

describe('error codes on every route', () => {
  it('every error answer of every API route is a listed code with a message', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const codes = new Set<string>();
    let errors = 0;
    for (const r of routes) {
      for (const signedIn of [false, true]) {
        const res = await call(r.method, r.path, signedIn);
        if (res.status < 400) continue;
        errors += 1;
        const body = errorBodySchema.safeParse(await res.json().catch(() => null));
        if (body.success) codes.add(body.data.code);
      }
    }
    expect(errors).toBeGreaterThan(routes.length);
    for (const code of ['unauthorized', 'invalid_input']) expect(codes).toContain(code);
    const unknown = await call('GET', '/api/no-such-route', true);
    expect(await unknown.json()).toEqual({ code: 'not_found', message: 'Not found' });
  });

  it('the check itself fails on a body without a listed code', async () => {
    const json = (body: unknown, status = 400) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    await expect(assertErrorContract(json({ message: 'no code' }))).rejects.toBeInstanceOf(
      ErrorContractBroken,
    );
    await expect(assertErrorContract(json({ code: 'teapot', message: 'x' }))).rejects.toBeInstanceOf(
      ErrorContractBroken,
    );
    await expect(assertErrorContract(json({ code: ERROR_CODES[0], message: 'x' }))).resolves.toBeUndefined();
    await expect(assertErrorContract(json({ anything: true }, 200))).resolves.toBeUndefined();
  });
});
