import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { createApp } from './app.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';

// A built client in miniature: "/" pre-rendered with an inline script, shell.html for the other paths.
const HOME = `<html><head><script>alert(1)</script></head><body><div id="root"><h1>Home</h1>${'<p>Stage empty rooms.</p>'.repeat(20)}</div></body></html>`;
const SHELL = '<html><head><script>alert(1)</script></head><body><div id="root"></div></body></html>';
// sha256("alert(1)") in base64, computed outside this code (openssl dgst -sha256 -binary | base64).
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array<number>(600).fill(7), 0xff, 0xd9]);

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
  fs.writeFileSync(path.join(dir, 'index.html'), HOME);
  fs.writeFileSync(path.join(dir, 'shell.html'), SHELL);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'room-1a2b.jpg'), JPEG);
  // The build's own compression step, run on this miniature build.
  execFileSync(process.execPath, [fromRoot('scripts/compress-assets.mjs'), dir]);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('client pages', () => {
  it('sends the pre-rendered page for "/" and the empty shell for every other page path', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    expect(await (await app.request('/')).text()).toBe(HOME);
    for (const p of ['/pricing', '/dashboard', '/reset-password/abc', '/checkout/test/123']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe(SHELL);
    }
  });

  it('answers an unknown path with the shell (the client shows its 404 screen) and status 404', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    for (const p of ['/no/such/page', '/pricing/extra', '/dashboard/', '/receipts']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(SHELL);
    }
  });

  it('answers an unknown /api/ path with a JSON 404, whatever the method', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    for (const method of ['GET', 'DELETE']) {
      const res = await app.request('/api/no-such-thing', {
        method,
        headers: { 'X-Requested-With': 'roomstage' },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('sends the HTML compressed as the request accepts, and says it varies by Accept-Encoding', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    const get = (p: string, accept?: string) =>
      app.request(p, { headers: accept ? { 'Accept-Encoding': accept } : {} });
    const br = await get('/', 'br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(HOME);
    const gz = await get('/no/such/page', 'gzip, deflate');
    expect(gz.status).toBe(404);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SHELL);
    // q=0 refuses an encoding.
    expect((await get('/pricing', 'br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/pricing');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SHELL);
  });

  it('serves a built asset compressed at build time (curl -H "Accept-Encoding: br, gzip")', async () => {
    const app = createApp(t.ctx, { clientDir: dir });
    const get = (accept?: string) =>
      app.request('/assets/app-1a2b.js', { headers: accept ? { 'Accept-Encoding': accept } : {} });
    const br = await get('br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    // A JPEG is already compressed: the build writes no copies and the server sends it as it is.
    const jpeg = await app.request('/assets/room-1a2b.jpg', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(jpeg.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await jpeg.arrayBuffer()).equals(JPEG)).toBe(true);
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
