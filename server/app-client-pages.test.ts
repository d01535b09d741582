import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';

// A built client in miniature: "/" pre-rendered with an inline script, shell.html for the other paths.
const HOME =
  '<html><head><script>alert(1)</script></head><body><div id="root"><h1>Home</h1></div></body></html>';
const SHELL = '<html><head><script>alert(1)</script></head><body><div id="root"></div></body></html>';
// sha256("alert(1)") in base64, computed outside this code (openssl dgst -sha256 -binary | base64).
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
  fs.writeFileSync(path.join(dir, 'index.html'), HOME);
  fs.writeFileSync(path.join(dir, 'shell.html'), SHELL);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('client pages', () => {
  it('sends the pre-rendered page for "/" and the empty shell for every other client path', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    expect(await (await app.request('/')).text()).toBe(HOME);
    for (const p of ['/pricing', '/dashboard', '/no/such/page']) {
      const res = await app.request(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL);
    }
  });

  it("allows the pages' inline script by its hash in the CSP, and no inline script without one", async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    const csp = (await app.request('/pricing')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${ALERT_HASH}`);
  });

  it('without a built client the CSP allows no inline script at all', async () => {
    const csp = (await t.app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('sha256');
  });
});
