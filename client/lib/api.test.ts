import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessageFrom } from './api.ts';
import { getQueryFn, queryClient } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the error message rule', () => {
  it("uses the server's message field from a JSON body", async () => {
    expect(await errorMessageFrom(new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }))).toBe(
      'Invalid email or password',
    );
  });
  it('falls back to "status: text", or the status text for an empty body', async () => {
    expect(await errorMessageFrom(new Response('upstream broke', { status: 502 }))).toBe('502: upstream broke');
    expect(await errorMessageFrom(new Response(null, { status: 500, statusText: 'Internal Server Error' }))).toBe(
      '500: Internal Server Error',
    );
    expect(await errorMessageFrom(new Response('{"error":"x"}', { status: 400 }))).toBe('400: {"error":"x"}');
  });
});

describe('apiRequest', () => {
  it('always sends cookies and the CSRF header; JSON as JSON, FormData as-is', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/login', { email: 'a@b.c' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'X-Requested-With': 'roomstage', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.c"}');

    const form = new FormData();
    form.append('style', 'modern');
    await apiRequest('POST', '/api/transform-room', form);
    const [, init2] = fetchMock.mock.calls[1]!;
    expect(init2.headers).toEqual({ 'X-Requested-With': 'roomstage' });
    expect(init2.body).toBe(form);
  });

  it('throws an ApiError carrying the status and the extracted message', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"message":"Usage limit exceeded"}', { status: 403 })));
    await expect(apiRequest('POST', '/api/x')).rejects.toEqual(new ApiError(403, 'Usage limit exceeded'));
  });
});

describe('query client', () => {
  it('reads the key parts joined with "/" and turns a 401 into null in returnNull mode', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url);
      return Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 }));
    });
    const ctx = { queryKey: ['/api/transformations', 'abc'], signal: new AbortController().signal, meta: undefined };
    await expect(getQueryFn({ on401: 'returnNull' })(ctx as never)).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(ctx as never)).rejects.toThrow('Unauthorized');
    expect(urls).toEqual(['/api/transformations/abc', '/api/transformations/abc']);
  });

  it('never retries, never goes stale and never refetches on focus or interval', () => {
    const q = queryClient.getDefaultOptions().queries!;
    expect(q.retry).toBe(false);
    expect(q.staleTime).toBe(Infinity);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.refetchInterval).toBe(false);
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
