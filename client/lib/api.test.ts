import { afterEach, describe, expect, it, vi } from 'vitest';
import { usageSchema } from '#shared/schemas/staging.ts';
import { ApiError, apiParsed, apiRequest, errorMessageFrom, getParsed, ResponseShapeError } from './api.ts';
import { queryClient } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the error message rule', () => {
  it("uses the server's message field from a JSON body", async () => {
    expect(
      await errorMessageFrom(
        new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }),
      ),
    ).toBe('Invalid email or password');
  });
  it('falls back to "status: text", or the status text for an empty body', async () => {
    expect(await errorMessageFrom(new Response('upstream broke', { status: 502 }))).toBe(
      '502: upstream broke',
    );
    expect(
      await errorMessageFrom(new Response(null, { status: 500, statusText: 'Internal Server Error' })),
    ).toBe('500: Internal Server Error');
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
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{"message":"Usage limit exceeded"}', { status: 403 })),
    );
    await expect(apiRequest('POST', '/api/x')).rejects.toEqual(new ApiError(403, 'Usage limit exceeded'));
  });
});

describe('responses are parsed with their shared schema', () => {
  const usage = {
    usage: 2,
    limit: 3,
    credits: 0,
    subscriptionPlan: 'free',
    subscriptionStatus: 'active',
    usageResetDate: null,
    subscriptionPeriodEnd: null,
    subscriptionBillingCycle: null,
    subscriptionPendingPlan: null,
  };

  it('returns the parsed body of a well-formed answer', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ ...usage, extra: 'dropped' }))),
    );
    await expect(apiParsed(usageSchema, 'GET', '/api/usage')).resolves.toEqual(usage);
  });

  it('rejects a malformed answer with an error naming the request and the fields that differ', async () => {
    const broken = { ...usage, credits: '5' } as Record<string, unknown>;
    delete broken.limit;
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(broken))));
    const err: unknown = await getParsed(usageSchema, '/api/usage')().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toBe(
      'Unexpected response from GET /api/usage: limit: Invalid input: expected number, received undefined; ' +
        'credits: Invalid input: expected number, received string',
    );
  });

  it('rejects a body that is not the expected kind at all', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('null')));
    await expect(apiParsed(usageSchema, 'POST', '/api/x')).rejects.toThrow(
      'Unexpected response from POST /api/x: body: Invalid input: expected object, received null',
    );
  });
});

describe('query client', () => {
  it('has no default query function: every query names its schema', () => {
    expect(queryClient.getDefaultOptions().queries?.queryFn).toBeUndefined();
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
